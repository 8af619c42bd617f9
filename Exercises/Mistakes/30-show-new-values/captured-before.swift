// mistake: registers again, but first shows the target it read when it registered: the value before the change
// expect: before the change
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let before = thermostat.target
    let now = withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in
            show(before)
            watchTarget(of: thermostat, show: { _ in })
        }
    }
    show(now)
}
