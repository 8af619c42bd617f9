// alternative: onChange starts a task that awaits a main-actor async function to read and register
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking {
        thermostat.target
    } onChange: {
        Task { await refresh(thermostat, show) }
    }
    show(now)
}

/// Main-actor isolated, so the task that awaits it hops there before it reads.
@MainActor
private func refresh(_ thermostat: Thermostat, _ show: @escaping @MainActor @Sendable (Int) -> Void) async {
    watchTarget(of: thermostat, show: show)
}
