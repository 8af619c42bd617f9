// alternative: keeps the didSet callback, but reads the pair in a main-actor task, after the step, and shows it only when it differs from what is shown
import Foundation
import Observation

/// What the face shows now: each property's callback starts a task, and a drink sets two
/// properties, so the second task finds the pair already shown.
@MainActor
final class FaceShows {
    var pair: (cups: Int, caffeine: Int)
    init(_ pair: (cups: Int, caffeine: Int)) { self.pair = pair }
}

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let shows = FaceShows((tally.cups, tally.caffeine))
    tally.propertyChanged = {
        Task { @MainActor in
            let now = (cups: tally.cups, caffeine: tally.caffeine)
            guard now != shows.pair else { return }
            shows.pair = now
            show(now.cups, now.caffeine)
        }
    }
    show(shows.pair.cups, shows.pair.caffeine)
}
