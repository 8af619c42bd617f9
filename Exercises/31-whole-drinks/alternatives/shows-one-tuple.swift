// alternative: show takes the cups and caffeine as one tuple, read together after the step that changed them
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable ((cups: Int, caffeine: Int)) -> Void) {
    let (cups, caffeine) = withObservationTracking {
        (tally.cups, tally.caffeine)
    } onChange: {
        Task { @MainActor in watchTally(tally, show: show) }
    }
    show((cups: cups, caffeine: caffeine))
}
