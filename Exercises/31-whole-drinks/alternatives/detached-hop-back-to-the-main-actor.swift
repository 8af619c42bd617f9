// alternative: onChange hops off in a detached task and back onto the main actor to read and register again
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let (cups, caffeine) = withObservationTracking {
        (tally.cups, tally.caffeine)
    } onChange: {
        Task.detached { await MainActor.run { watchTally(tally, show: show) } }
    }
    show(cups, caffeine)
}
