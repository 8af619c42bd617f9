// mistake: reads the new value later, but never registers again: only the first change is shown (the starting code)
// expect: register again
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in show(thermostat.target) }
    }
    show(now)
}
