// alternative: a main-actor class whose own sync() registers the observation again
import Foundation
import Observation

/// Keeps a display in step with the thermostat's target.
@MainActor
final class TargetMirror {
    private let thermostat: Thermostat
    private let show: @MainActor @Sendable (Int) -> Void

    init(thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
        self.thermostat = thermostat
        self.show = show
    }

    /// Shows the target now and registers for the next change.
    func sync() {
        let target = withObservationTracking {
            thermostat.target
        } onChange: {
            Task { @MainActor in self.sync() }
        }
        show(target)
    }
}

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    TargetMirror(thermostat: thermostat, show: show).sync()
}
