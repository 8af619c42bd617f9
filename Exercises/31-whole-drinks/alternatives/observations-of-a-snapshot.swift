// alternative: Observations over a Sendable snapshot struct of both properties (the tracking loop where the system lacks it)
import Foundation
import Observation

struct Totals: Sendable, Equatable {
    let cups: Int
    let caffeine: Int
}

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let totals = Observations { Totals(cups: tally.cups, caffeine: tally.caffeine) }
        Task { @MainActor in
            for await now in totals { show(now.cups, now.caffeine) }
        }
    } else {
        follow(tally, show)
    }
}

@MainActor
private func follow(_ tally: DrinkTally, _ show: @escaping @MainActor @Sendable (Int, Int) -> Void) {
    let now = withObservationTracking { Totals(cups: tally.cups, caffeine: tally.caffeine) } onChange: {
        Task { @MainActor in follow(tally, show) }
    }
    show(now.cups, now.caffeine)
}
