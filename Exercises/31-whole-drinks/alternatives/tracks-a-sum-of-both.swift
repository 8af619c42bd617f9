// alternative: tracks one sum of both properties, so a change to either is seen, and reads them after the step
import Foundation
import Observation

// tracks one number that moves with both: cups and caffeine together
@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let now = withObservationTracking { tally.cups &+ tally.caffeine } onChange: {
        Task { @MainActor in watchTally(tally, show: show) }
    }
    _ = now
    show(tally.cups, tally.caffeine)
}
