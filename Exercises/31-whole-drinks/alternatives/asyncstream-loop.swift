// alternative: the changes arrive through an AsyncStream loop
import Foundation
import Observation

// values after the step that changed them, shows them, and tracks again.

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    func track() -> (Int, Int) {
        withObservationTracking { (tally.cups, tally.caffeine) } onChange: { continuation.yield() }
    }
    let (cups, caffeine) = track()
    show(cups, caffeine)
    Task { @MainActor in
        for await _ in changes {
            let (cups, caffeine) = track()
            show(cups, caffeine)
        }
    }
}
