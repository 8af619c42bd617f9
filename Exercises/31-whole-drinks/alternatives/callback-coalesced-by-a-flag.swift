// alternative: the propertyChanged callback, coalesced: the first callback of a step queues one main-actor read
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    let queued = Queued()
    tally.propertyChanged = {
        guard !queued.yes else { return }
        queued.yes = true
        Task { @MainActor in
            queued.yes = false
            show(tally.cups, tally.caffeine)
        }
    }
    show(tally.cups, tally.caffeine)
}

@MainActor final class Queued { var yes = false }
