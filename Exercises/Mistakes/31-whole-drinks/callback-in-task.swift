// mistake: defers each didSet's show to a task: whole drinks, but every drink shown twice
// expect: once per change
import Foundation
import Observation

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    tally.propertyChanged = { Task { @MainActor in show(tally.cups, tally.caffeine) } }
    show(tally.cups, tally.caffeine)
}
