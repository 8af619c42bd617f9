// mistake: registers again after each change, but still shows what onChange reads: the old value
// expect: before the change
import Foundation
import LabKit
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    _ = withObservationTracking { thermostat.target } onChange: {
        MainActor.assumeIsolated { show(thermostat.target) }
        Task { @MainActor in watchTarget(of: thermostat, show: { _ in }) }
    }
    show(thermostat.target)
}
