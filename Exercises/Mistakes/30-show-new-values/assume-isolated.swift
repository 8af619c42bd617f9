// mistake: reads the value inside onChange with MainActor.assumeIsolated: the grader refuses the assertion (and onChange runs before the change lands, so it would show the old value)
// expect: assumeIsolated
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking { thermostat.target } onChange: {
        MainActor.assumeIsolated { show(thermostat.target) }
    }
    show(now)
}
