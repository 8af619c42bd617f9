// mistake: tracks both and reads them later, but never registers again: only the first drink is shown
// expect: register again
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let (cups, caffeine) = withObservationTracking { (tally.cups, tally.caffeine) } onChange: {
        Task { @MainActor in show(tally.cups, tally.caffeine) }
    }
    show(cups, caffeine)
}
