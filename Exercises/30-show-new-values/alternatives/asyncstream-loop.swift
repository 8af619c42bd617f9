// alternative: the changes arrive through an AsyncStream loop
import Foundation
import Observation

// target after the change has landed, shows it, and tracks again.

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    func track() -> Int {
        withObservationTracking { thermostat.target } onChange: { continuation.yield() }
    }
    show(track())
    Task { @MainActor in
        for await _ in changes {
            show(track())
        }
    }
}
