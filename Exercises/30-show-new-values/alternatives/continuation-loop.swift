// alternative: one main-actor task loops, each turn registering inside a continuation that onChange resumes
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    Task { @MainActor in
        while !Task.isCancelled {
            // Show what is there, and wait here until the next change is announced.
            await withCheckedContinuation { (next: CheckedContinuation<Void, Never>) in
                let target = withObservationTracking {
                    thermostat.target
                } onChange: {
                    next.resume()
                }
                show(target)
            }
        }
    }
}
