// alternative: a main-actor loop awaits each change through a continuation that onChange resumes, then reads and tracks again
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    show(tally.cups, tally.caffeine)
    Task { @MainActor in
        while true {
            await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
                _ = withObservationTracking { (tally.cups, tally.caffeine) } onChange: { changed.resume() }
            }
            show(tally.cups, tally.caffeine)
        }
    }
}
