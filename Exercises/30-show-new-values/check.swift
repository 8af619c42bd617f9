import Foundation
import Observation

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// The thermostat screen's model: the target temperature, on the main actor like a view's model.
@MainActor @Observable
final class Thermostat {
    /// The target temperature. Each read is told to whoever made the thermostat: the check
    /// counts them, since a display that reads it again and again is polling.
    var target: Int {
        get {
            onRead()
            return setting
        }
        set { setting = newValue }
    }
    private var setting = 20
    @ObservationIgnored private let onRead: @MainActor () -> Void

    init(onRead: @escaping @MainActor () -> Void = {}) { self.onRead = onRead }
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let watchTarget: @MainActor @Sendable (Thermostat, @escaping @MainActor @Sendable (Int) -> Void) -> Void
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // A trailing closure of the check's, typed by the answer's parameter, as the check's own was.
    AnswerFace(watchTarget: { thermostat, display in watchTarget(of: thermostat) { display($0) } })
}

// MARK: - The check
import Foundation
@testable import StudentCode

let plannedExpectations = 8

/// The answer's function, called as the exercise declares it: on the main actor, synchronously.
@MainActor
func watchTarget(of thermostat: Thermostat, show: @escaping @MainActor @Sendable (Int) -> Void) {
    labAdaptor().watchTarget(thermostat, show)
}

/// What the display was asked to show, in order.
@MainActor
final class Display {
    var shown: [Int] = []
    /// What was shown since the last call.
    func takeNew() -> [Int] {
        defer { seen = shown.count }
        return Array(shown[seen...])
    }
    private var seen = 0
}

@MainActor
func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Targets differ each run: a hard-coded answer fails.
    let reads = ReadCount()
    let thermostat = Thermostat(onRead: { reads.record() })
    let start = CheckServices.random(in: 16...22)
    thermostat.target = start
    let display = Display()
    // Long enough for any main-actor task to run, even on a busy machine.
    let settle = { try? await Task.sleep(for: .milliseconds(150)) }
    watchTarget(of: thermostat) { display.shown.append($0) }
    await settle()
    let initial = display.takeNew()
    report.expect(initial == [start], "showed the target at once: \(start)",
                  otherwise: "showed \(initial) before any change: show the target as it is now, once")
    let first = start + CheckServices.random(in: 1...3)
    thermostat.target = first
    await settle()
    let afterFirst = display.takeNew()
    report.expect(afterFirst == [first], "after the target became \(first), showed \(first)",
                  otherwise: afterFirst.contains(start) ? "after the target became \(first), showed \(start), its value before the change: onChange runs before the change lands (willSet); read the target later"
                      : afterFirst.count > 1 ? "after one change showed \(afterFirst): show once per change" : "after the target became \(first), showed \(afterFirst)")
    let second = first + CheckServices.random(in: 1...3)
    thermostat.target = second
    await settle()
    let afterSecond = display.takeNew()
    // Then back down to a value shown before: a display that shows only a value it has not shown,
    // or only a higher one (both passed while every change went up), misses it.
    thermostat.target = first
    await settle()
    let afterBack = display.takeNew()
    report.expect(afterSecond == [second] && afterBack == [first], "after a second change, showed \(second), and after the target went back to \(first), showed \(first)",
                  otherwise: afterSecond.isEmpty ? "nothing was shown after the second change: onChange fires once per registration; register again"
                      : afterSecond.contains(first) ? "after the target became \(second), showed \(first), its value before the change: read the target later"
                      : afterSecond != [second] ? "after the target became \(second), showed \(afterSecond): show the new target once per change"
                      : afterBack.isEmpty ? "after the target went back down from \(second) to \(first), a value shown before, nothing was shown: show every change, lower or higher, whether or not its value was shown before"
                      : "after the target went back down from \(second) to \(first), showed \(afterBack): show the new target once per change")
    // A change that ends where it began, in one synchronous step: showing the same target again, or
    // nothing, are both fair, but the display must still follow the next change. One that stopped
    // registering when the new target equalled the one on screen passed while every step moved it
    // (an audit's, helper 194).
    let away = first + CheckServices.random(in: 4...6)
    thermostat.target = away
    thermostat.target = first
    await settle()
    let afterUndone = display.takeNew()
    let undoneFair = afterUndone.isEmpty || afterUndone == [first]
    let passing = second + CheckServices.random(in: 1...3)
    let last = passing + CheckServices.random(in: 1...3)
    thermostat.target = passing
    thermostat.target = last
    await settle()
    let afterStep = display.takeNew()
    let undoneText = "after the target became \(away) and back to \(first) in one synchronous step"
    report.expect(undoneFair && afterStep == [last], "two assignments in one synchronous step showed once: \(last)",
                  otherwise: !undoneFair ? "\(undoneText), showed \(afterUndone): show at most once per change, the last value (\(first))"
                      : afterStep.isEmpty && afterBack == [first]
                      ? "\(undoneText)\(afterUndone.isEmpty ? "" : " (shown again)"), nothing was shown after the target became \(passing), then \(last): register again after each change, even one that ends where it began"
                      : afterStep.isEmpty ? "nothing was shown after the target became \(passing), then \(last): register again after each change"
                      : "after \(passing), then \(last) in one synchronous step, showed \(afterStep): show once per change, the last value")
    // Three changes in separate steps, close together: each is a change of its own, and each is
    // shown (see separateSteps: a debounce shows only the last, a throttle loses the middle one).
    var before = last
    let apart = await separateSteps(
        change: { () -> Int in
            before += CheckServices.random(in: 1...3)
            thermostat.target = before
            return before
        },
        shown: {
            await settle()
            return display.takeNew()
        })
    let listed = apart.set.map(String.init).joined(separator: ", then ")
    let spanText = apart.span.humanReadable
    report.expect(apart.shown == apart.set,
                  apart.told
                      ? "three changes in separate steps, \(spanText) from first to last, showed each: \(listed)"
                      : "three changes in separate steps showed each (\(listed)), but this busy machine never made each within \(closeEnough.humanReadable) of the one before in five tries: a display that waits that long before it reads would pass here",
                  otherwise: "the target became \(listed), in separate steps \(spanText) from first to last; "
                      + separateStepsProblem(set: apart.set, shown: apart.shown, viewer: "display", lastOnly: "only \(apart.set.last.map(String.init) ?? "the last")",
                                             otherwise: "show once per change, the new target"))
    // Then a long run of changes, up and down by turns, each waited for until it is shown (see
    // changesOneByOne): a display that registers again only so many times stops showing.
    var upward = false
    // A change up or down by turns, 1 to 3 degrees: each one differs from the one before.
    func nudgeTheTarget() -> Int {
        upward.toggle()
        before += (upward ? 1 : -1) * CheckServices.random(in: 1...3)
        thermostat.target = before
        return before
    }
    let patience = Duration.milliseconds(500)
    let run = await changesOneByOne(
        count: CheckServices.random(in: 200...300), patience: patience, timeBudget: .seconds(2),
        change: nudgeTheTarget,
        shown: { display.takeNew() })
    if let stopped = run.last {
        let earlier = run.changesMade > 1 ? "after \(counted(run.changesMade - 1, "more change")) in a row, each shown, " : ""
        if run.shownForIt.isEmpty {
            report.late("\(earlier)the target became \(stopped) and nothing was shown within \(patience.humanReadable): register again after every change, however many")
        } else {
            report.fail("\(earlier)the target became \(stopped) and the display showed \(run.shownForIt): show once per change, the new target")
        }
    } else if run.outOfTime {
        report.late("\(counted(run.changesMade, "more change")) in a row were each shown, \(run.timeTaken.humanReadable) for them all, \((run.timeTaken / max(run.changesMade, 1)).humanReadable) each; the check stopped there, short of the \(run.planned) it meant to make: show each change as it comes, not after a wait")
    } else {
        report.pass("then \(counted(run.changesMade, "more change")) in a row, each in a step of its own, were each shown as they came")
    }
    // Then nothing changes for 400 ms: a display that waits for onChange reads nothing meanwhile.
    // One that looks every so often reads the target here, unless it looks less often than that,
    // and then it most likely showed one of the changes above late (it had 150 ms for each).
    let (polled, quiet) = await still.stirrings { await reads.during(.milliseconds(400)) }
    report.expect(polled == 0 && quiet.stillWaiting, "while nothing changed for 400 ms, it did not read the target",
                  otherwise: polled == 0
                      ? "while nothing changed for 400 ms, \(quiet.whatStirred ?? ""): it looks again and again (polling); let onChange say when to show"
                      : "while nothing changed for 400 ms, your code read the target \(counted(polled, "time")): it looks again and again (polling); let onChange say when to read")

    // And two more changes after the quiet: a display that stops following once left alone (an
    // audit's stopped after 300 ms with no change, helper 176) passed while no gap between changes
    // outlasted the 150 ms settle; one that showed the change ending a rest and then stopped
    // registering passed a single change (helper 194). One that stops only after a longer rest
    // still passes.
    let afterQuiet = await changesOneByOne(
        count: 2, patience: patience, timeBudget: .seconds(2),
        change: nudgeTheTarget,
        shown: { display.takeNew() })
    let quietText = afterQuiet.changesMade > 1 ? "after the 400 ms with no change and one change shown after them" : "after the 400 ms with no change"
    if let stopped = afterQuiet.last {
        if afterQuiet.shownForIt.isEmpty {
            report.late("\(quietText), the target became \(stopped) and nothing was shown within \(patience.humanReadable): keep following however long the target is left alone; register again after every change")
        } else {
            report.fail("\(quietText), the target became \(stopped) and the display showed \(afterQuiet.shownForIt): show once per change, the new target")
        }
    } else {
        report.pass("after the 400 ms with no change, the next \(afterQuiet.changesMade == 1 ? "change was" : "\(afterQuiet.changesMade) changes were each") shown as \(afterQuiet.changesMade == 1 ? "it" : "they") came")
    }
}
