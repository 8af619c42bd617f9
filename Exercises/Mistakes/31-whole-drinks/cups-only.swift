// mistake: tracks only the cups: a drink is shown whole, but a correction of the caffeine never is
// expect: caffeine alone
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    _ = withObservationTracking { tally.cups } onChange: {
        Task { @MainActor in watchTally(tally, show: show) }
    }
    show(tally.cups, tally.caffeine)
}
