// mistake: shows the target as it starts, and again with what the registration read
// expect: before any change
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    show(thermostat.target)
    let now = withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in watchTarget(of: thermostat, show: show) }
    }
    show(now)
}
