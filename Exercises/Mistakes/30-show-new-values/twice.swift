// mistake: shows the new value from onChange's task and again from the new registration
// expect: once per change
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in
            show(thermostat.target)
            watchTarget(of: thermostat, show: show)
        }
    }
    show(now)
}
