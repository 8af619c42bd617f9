import Foundation
import Observation

// Exercise 30 · solution: onChange only says a change is coming; read the value later, on the
// main actor, and register again for the next one.

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking {
        thermostat.target
    } onChange: {
        Task { @MainActor in watchTarget(of: thermostat, show: show) }
    }
    show(now)
}
