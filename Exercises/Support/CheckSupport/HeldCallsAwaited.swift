import Foundation
import LabScenarios

/// How many times each held call's code may run again of itself once it is let go (hops, not wakes
/// from outside): a child onto an actor that files its result and back, and the caller onto a
/// progress actor and back for each result it hears (a view model's): four. 03's
/// `discarding-group-and-an-actor` alternative ran six times for three calls, and a review's 04
/// answer that also told a progress actor of each manifest ran nine; a loop of yields runs thousands.
let ownRunsPerHeldCall = 4

/// Whether `function` awaited its calls (03, 04): with every call held at `service`'s gate, nothing
/// may wake it for `hold`, and once the check lets the calls go, from a Dispatch thread (in no task,
/// as a reply comes), only their ends may wake it until it returns. Code that stored the calls'
/// results and looked for them (a sleep between looks, or a spin) passed every other section: it
/// is woken by a timer, runs again and again or computes in the hold, or is woken by its timer
/// after the calls ended, however long it slept between looks. Once let go, each of the `callCount`
/// calls may run `ownRunsPerHeldCall` times of itself; a loop of yields runs thousands of times,
/// and in the hold already.
func expectItAwaitsHeldCalls<T: Sendable>(
    _ report: CheckReport, still: StillnessWatch, service: HeldRovers, hold: Duration, callCount: Int, calls: String,
    function: String, awaiting: String, _ call: @escaping @Sendable () async -> T
) async {
    report.waiting("\(function) while its \(calls) are held")
    let (_, quiet, afterwardsCounted) = await still.holdThenLetGo(
        hold, from: service.reached,
        letGo: {
            // From a Dispatch thread, in no task: the replies arriving, not a wake the check hands over.
            DispatchQueue.global().async { service.gate.open() }
        }, call)
    var afterwards = afterwardsCounted
    afterwards.spins = max(0, afterwards.spins - ownRunsPerHeldCall * callCount)
    let whileHeld = "its \(calls) were in flight (held \(hold.humanReadable))"
    report.expect(
        quiet.stillWaiting && afterwards.stillWaiting,
        "while \(whileHeld), nothing woke \(function), and then only the calls' ends: it awaited them",
        otherwise: quiet.problem(while: whileHeld, awaiting: awaiting)
            ?? afterwards.whatStirred.map {
                "once its \(calls) ended and before \(function) returned, \($0): it looked for their results instead of awaiting \(awaiting)"
            } ?? "")
}
