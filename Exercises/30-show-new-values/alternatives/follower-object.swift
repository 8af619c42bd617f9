// alternative: a follower object the onChange task keeps alive, which registers again each time
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    TargetFollower(thermostat: thermostat, show: show).follow()
}

@MainActor
private final class TargetFollower {
    private let thermostat: Thermostat
    private let show: @MainActor @Sendable (Int) -> Void
    private var changes = 0

    init(thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
        self.thermostat = thermostat
        self.show = show
    }

    func follow() {
        let now = withObservationTracking {
            thermostat.target
        } onChange: {
            Task { @MainActor in
                self.changes += 1  // one more change seen; the next registration follows it
                self.follow()
            }
        }
        show(now)
    }
}
