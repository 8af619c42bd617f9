// alternative: Observations (Swift 6.2's runtime) where the system has it, the tracking loop elsewhere
import Foundation
import Observation

@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let targets = Observations { thermostat.target }
        Task { @MainActor in
            for await target in targets { show(target) }
        }
    } else {
        track(thermostat, show)
    }
}

@MainActor
private func track(_ thermostat: Thermostat, _ show: @escaping @MainActor @Sendable (Int) -> Void) {
    let now = withObservationTracking { thermostat.target } onChange: {
        Task { @MainActor in track(thermostat, show) }
    }
    show(now)
}
