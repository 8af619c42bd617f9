// alternative: onChange starts a detached task that hops back to the main actor once, to read and register again
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking {
        thermostat.target
    } onChange: {
        Task.detached { await watchTarget(of: thermostat, show: show) }
    }
    show(now)
}
