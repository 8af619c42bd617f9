// alternative: a generic follow(_:each:) that tracks any main-actor value, passed to withObservationTracking as a function
import Foundation
import Observation

/// Calls `each` with `value()` now and after every change to what `value` reads.
@MainActor
func follow<Value>(_ value: @escaping @MainActor @Sendable () -> Value, each: @escaping @MainActor @Sendable (Value) -> Void) {
    let current = withObservationTracking(value) {
        Task { @MainActor in follow(value, each: each) }
    }
    each(current)
}

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    follow({ thermostat.target }, each: show)
}
