// mistake: shows the value inside onChange (the starting code): it runs before the change lands
// expect: before the change
import Foundation
import LabKit
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking { thermostat.target } onChange: {
        MainActor.assumeIsolated { show(thermostat.target) }
    }
    show(now)
}
