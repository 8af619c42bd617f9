import Foundation
import Observation

// Exercise 30 · observing-state · Show the new value, every time
//
// The thermostat's remote display follows the model (Thermostat, given beside this
// file: an @Observable class on the main actor) with withObservationTracking. It shows
// the target, then the target after the first change, and after that nothing at all
// (`swift run observing-state --variant deliveries`).
//
// TODO: call show(_:) with the target now, then once after each change with the new
// target. Several assignments in one synchronous step are one change: show the last.
// (onChange runs inside the change, before the new value is stored: do not read it there.)

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking {
        thermostat.target
    } onChange: {
        Task { @MainActor in show(thermostat.target) }
    }
    show(now)
}
