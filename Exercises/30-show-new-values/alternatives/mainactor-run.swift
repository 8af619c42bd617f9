// alternative: onChange starts a plain task that goes back to the main actor with MainActor.run to read and register again
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking {
        thermostat.target
    } onChange: {
        // Not yet: the new value lands after this returns. Go to the main actor later and look there.
        Task {
            await MainActor.run {
                watchTarget(of: thermostat, show: show)
            }
        }
    }
    show(now)
}
