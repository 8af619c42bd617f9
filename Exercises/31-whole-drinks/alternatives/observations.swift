// alternative: Observations (Swift 6.2's runtime), one value per transaction; the tracking loop where the system lacks it
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let states = Observations { (tally.cups, tally.caffeine) }
        Task { @MainActor in
            for await (cups, caffeine) in states { show(cups, caffeine) }
        }
    } else {
        track(tally, show)
    }
}

@MainActor
private func track(_ tally: DrinkTally, _ show: @escaping @MainActor @Sendable (Int, Int) -> Void) {
    let (cups, caffeine) = withObservationTracking { (tally.cups, tally.caffeine) } onChange: {
        Task { @MainActor in track(tally, show) }
    }
    show(cups, caffeine)
}
