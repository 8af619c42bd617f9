// mistake: shows from each property's didSet (the starting code): half a drink between the two
// expect: half
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    tally.propertyChanged = { show(tally.cups, tally.caffeine) }
    show(tally.cups, tally.caffeine)
}
