import Foundation
import Observation

// Exercise 31 · solution: track both properties together and read them after the step that
// changed them, from a main-actor task that also registers again.

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let (cups, caffeine) = withObservationTracking {
        (tally.cups, tally.caffeine)
    } onChange: {
        Task { @MainActor in watchTally(tally, show: show) }
    }
    show(cups, caffeine)
}
