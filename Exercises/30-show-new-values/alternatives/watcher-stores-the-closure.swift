// alternative: a watcher class that stores the display's closure in a property and counts the changes it followed
import Foundation
import Observation

@MainActor
final class TargetWatcher {
    let thermostat: Thermostat
    /// What to do with each target; stored, so the watcher can call it after every change.
    var display: @MainActor @Sendable (Int) -> Void
    private(set) var changes = 0

    init(_ thermostat: Thermostat, display: @escaping @MainActor @Sendable (Int) -> Void) {
        self.thermostat = thermostat
        self.display = display
    }

    func start() { refresh() }

    private func refresh() {
        let value = withObservationTracking { thermostat.target } onChange: { [self] in
            Task { @MainActor in
                self.changes += 1
                self.refresh()
            }
        }
        display(value)
    }
}

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    TargetWatcher(thermostat, display: show).start()
}
