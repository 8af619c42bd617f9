import Foundation
import Observation

// Exercise 31 · observing-state · Never show half a drink
//
// Coffee Tracker's watch face shows the cups and the caffeine of today's DrinkTally
// (given beside this file: @Observable, on the main actor). Logging a drink changes
// both, in one synchronous step. The face listens to the tally's propertyChanged
// callback, called from each property's didSet, so for every drink it first shows the
// new cups with the old caffeine: a state the tally was never meant to be seen in
// (`swift run observing-state --variant deliveries`).
//
// TODO: show the cups and caffeine now, then once per change, never half a change:
// a drink logged (both properties in one step) is one change; so is a correction of
// the caffeine alone.

@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    tally.propertyChanged = { show(tally.cups, tally.caffeine) }
    show(tally.cups, tally.caffeine)
}
