// alternative: shows inside the tracked closure itself (the display reads nothing observable)
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    withObservationTracking {
        show(thermostat.target)
    } onChange: {
        Task { @MainActor in watchTarget(of: thermostat, show: show) }
    }
}
