import Foundation
import Observation

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// Today's drinks on Coffee Tracker's watch face: @Observable, on the main actor like a view's model.
@MainActor @Observable
final class DrinkTally {
    var cups: Int {
        get {
            onRead()
            return cupsToday
        }
        set {
            cupsToday = newValue
            propertyChanged?()
        }
    }
    var caffeine: Int {
        get {
            onRead()
            return caffeineToday
        }
        set {
            caffeineToday = newValue
            propertyChanged?()
        }
    }
    private var cupsToday = 0
    private var caffeineToday = 0
    /// Called after each property changes: the older way to hear about a change.
    @ObservationIgnored var propertyChanged: (@MainActor () -> Void)?
    /// Told of each read of cups or caffeine: the check counts them, since a face that reads
    /// them again and again is polling.
    @ObservationIgnored private let onRead: @MainActor () -> Void

    init(onRead: @escaping @MainActor () -> Void = {}) { self.onRead = onRead }

    /// Logs one drink: both properties, in one synchronous step.
    func add(milligrams: Int) {
        cups += 1
        caffeine += milligrams
    }
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let watchTally: @MainActor @Sendable (DrinkTally, @escaping @MainActor @Sendable (Int, Int) -> Void) -> Void
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // A trailing closure of the check's, typed by the answer's parameter, as the check's own was.
    AnswerFace(watchTally: { tally, face in watchTally(tally) { face($0, $1) } })
}

// MARK: - The check
import Foundation
@testable import StudentCode

let plannedExpectations = 9

/// The answer's function, called as the exercise declares it: on the main actor, synchronously.
@MainActor
func watchTally(_ tally: DrinkTally, show: @escaping @MainActor @Sendable (_ cups: Int, _ caffeine: Int) -> Void) {
    labAdaptor().watchTally(tally, show)
}

struct Pair: Equatable, CustomStringConvertible {
    let cups: Int
    let caffeine: Int
    var description: String { "(\(counted(cups, "cup")), \(caffeine) mg)" }
}

/// What the face was asked to show, in order.
@MainActor
final class Face {
    var shown: [Pair] = []
    private var seen = 0
    /// What was shown since the last call.
    func takeNew() -> [Pair] {
        defer { seen = shown.count }
        return Array(shown[seen...])
    }
}

@MainActor
func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Different drinks each run: a hard-coded answer fails.
    let reads = ReadCount()
    let tally = DrinkTally(onRead: { reads.record() })
    tally.cups = CheckServices.random(in: 1...3)
    tally.caffeine = tally.cups * 95
    var whole = [Pair(cups: tally.cups, caffeine: tally.caffeine)]
    let face = Face()
    // Long enough for any main-actor task to run, even on a busy machine.
    let settle = { try? await Task.sleep(for: .milliseconds(150)) }
    watchTally(tally) { face.shown.append(Pair(cups: $0, caffeine: $1)) }
    // And a tally with no drink yet, on a face of its own: a face that shows nothing while the
    // tally is empty (`if caffeine > 0`) passed the runs that drew drinks for the first tally.
    let emptyFace = Face()
    let empty = Pair(cups: 0, caffeine: 0)
    watchTally(DrinkTally()) { emptyFace.shown.append(Pair(cups: $0, caffeine: $1)) }
    await settle()
    let initial = face.takeNew()
    let initialEmpty = emptyFace.takeNew()
    report.expect(initial == whole && initialEmpty == [empty], "showed today's tally at once: \(whole[0]), and an empty one: \(empty)",
                  otherwise: initial != whole
                      ? "before any drink, showed \(initial) for \(whole[0]): show the tally as it is now, once"
                      : "with no drink yet, showed \(initialEmpty) for \(empty): show the tally as it is now, once, empty too")
    var perDrink: [[Pair]] = []
    for _ in 0..<3 {
        tally.add(milligrams: CheckServices.random(in: 60...140))
        whole.append(Pair(cups: tally.cups, caffeine: tally.caffeine))
        await settle()
        perDrink.append(face.takeNew())
    }
    let allShown = perDrink.flatMap { $0 }
    let half = allShown.filter { !whole.contains($0) }
    // Half a drink is one state's cups with its neighbour's caffeine; a state that is neither (a
    // caffeine rounded to 10 mg) is told as what it is.
    let halves = zip(whole, whole.dropFirst()).flatMap { before, after in
        [Pair(cups: after.cups, caffeine: before.caffeine), Pair(cups: before.cups, caffeine: after.caffeine)]
    }
    report.expect(half.isEmpty, "never showed half a drink",
                  otherwise: half.first.map(halves.contains) ?? true
                      ? "showed \(half.first.map(String.init(describing:)) ?? ""), half a drink: the new cups with the old caffeine; show the two together, after the step that changed them"
                      : "showed \(half.first.map(String.init(describing:)) ?? ""), a state the tally was never in (it was \(whole.map(\.description).joined(separator: ", then "))): show the cups and caffeine as the tally has them")
    let expected = Array(whole.suffix(3)).map { [$0] }
    report.expect(perDrink == expected, "each drink shown once, with its new totals",
                  otherwise: perDrink.contains(where: \.isEmpty) ? "after a drink nothing was shown: onChange fires once per registration; register again"
                      : perDrink.allSatisfy({ $0.count == 1 })
                      ? "for three drinks it showed \(allShown), once each, for \(Array(whole.suffix(3))): show the tally as it is after each change"
                      : "for three drinks showed \(perDrink.map(\.count)) times each: show once per change")
    let first = CheckServices.random(in: 60...140)
    let second = CheckServices.random(in: 60...140)
    tally.add(milligrams: first)
    tally.add(milligrams: second)
    let final = Pair(cups: tally.cups, caffeine: tally.caffeine)
    await settle()
    let afterStep = face.takeNew()
    report.expect(afterStep == [final], "two drinks logged in one step shown once: \(final)",
                  otherwise: afterStep.isEmpty ? "nothing was shown after two more drinks: register again after each change"
                      : "two drinks logged in one step were shown as \(afterStep): show once per change, the state after it")
    // Each property corrected alone: a face that tracks only one of them (the caffeine, reading
    // the cups outside the tracking, passed when every change touched the caffeine) misses one,
    // and so does one that tracks both but shows only when the cups moved: the sentences say
    // what was missed, not which of the two the answer did.
    tally.caffeine -= 10
    let corrected = Pair(cups: tally.cups, caffeine: tally.caffeine)
    await settle()
    let afterCorrection = face.takeNew()
    tally.cups -= 1
    let recounted = Pair(cups: tally.cups, caffeine: tally.caffeine)
    await settle()
    let afterRecount = face.takeNew()
    // And the recount undone: back to a state shown before, which a face that shows only states
    // it has not shown (it passed while no change came back to one) misses.
    tally.cups += 1
    await settle()
    let afterUndo = face.takeNew()
    report.expect(afterCorrection == [corrected] && afterRecount == [recounted] && afterUndo == [corrected],
                  "corrections of the caffeine alone, then of the cups alone, then back, were each shown: \(corrected), then \(recounted), then \(corrected)",
                  otherwise: afterCorrection.isEmpty ? "a change to the caffeine alone was not shown: the face shows the caffeine, so a change to it alone is a change to show"
                      : afterCorrection != [corrected] ? "a correction of the caffeine alone to \(corrected) was shown as \(afterCorrection): show it once, the state after it"
                      : afterRecount.isEmpty ? "a change to the cups alone was not shown: the face shows the cups, so a change to them alone is a change to show"
                      : afterRecount != [recounted] ? "a correction of the cups alone to \(recounted) was shown as \(afterRecount): show it once, the state after it"
                      : afterUndo.isEmpty ? "the cups went back up, to \(corrected), a state shown before, and nothing was shown: show every change, whether or not its state was shown before"
                      : "the cups went back up, to \(corrected), and the face showed \(afterUndo): show it once, the state after it")
    // Three drinks in separate steps, close together: each is a change of its own, and each is
    // shown (see separateSteps: a debounce shows only the last, a throttle loses the middle one).
    let apart = await separateSteps(
        change: { () -> Pair in
            tally.add(milligrams: CheckServices.random(in: 60...140))
            return Pair(cups: tally.cups, caffeine: tally.caffeine)
        },
        shown: {
            await settle()
            return face.takeNew()
        })
    let listed = apart.set.map { "\($0)" }.joined(separator: ", then ")
    let spanText = apart.span.humanReadable
    report.expect(apart.shown == apart.set,
                  apart.told
                      ? "three drinks in separate steps, \(spanText) from first to last, each shown: \(listed)"
                      : "three drinks in separate steps were each shown (\(listed)), but this busy machine never made each within \(closeEnough.humanReadable) of the one before in five tries: a face that waits that long before it reads would pass here",
                  otherwise: "three drinks made the tally \(listed), in separate steps \(spanText) from first to last; "
                      + separateStepsProblem(set: apart.set, shown: apart.shown, viewer: "face", lastOnly: "only the last",
                                             otherwise: "show once per change, the state after it"))
    // Then a long run of drinks, each waited for until it is shown (see changesOneByOne): a face
    // that registers again only so many times stops showing. More than 1,024 of them: a face that
    // stopped after 500 passed while the run was 200 to 300 (an audit's, helper 164). A correct
    // face showed 300 in 8–24 ms, on one CPU beside a busy process too, so 1,500 stay far inside
    // the 2 s budget. A cap above the run still passes.
    let patience = Duration.milliseconds(500)
    let run = await changesOneByOne(
        count: CheckServices.random(in: 1_025...1_500), patience: patience, timeBudget: .seconds(2),
        change: { () -> Pair in
            tally.add(milligrams: CheckServices.random(in: 60...140))
            return Pair(cups: tally.cups, caffeine: tally.caffeine)
        },
        shown: { face.takeNew() })
    if let stopped = run.last {
        let earlier = run.changesMade > 1 ? "after \(counted(run.changesMade - 1, "more drink")) in a row, each shown, " : ""
        if run.shownForIt.isEmpty {
            report.late("\(earlier)the tally became \(stopped) and nothing was shown within \(patience.humanReadable): register again after every change, however many")
        } else {
            report.fail("\(earlier)the tally became \(stopped) and the face showed \(run.shownForIt): show once per change, the state after it")
        }
    } else if run.outOfTime {
        report.late("\(counted(run.changesMade, "more drink")) in a row were each shown, \(run.timeTaken.humanReadable) for them all, \((run.timeTaken / max(run.changesMade, 1)).humanReadable) each; the check stopped there, short of the \(run.planned) it meant to make: show each change as it comes, not after a wait")
    } else {
        report.pass("then \(counted(run.changesMade, "more drink")) in a row, each in a step of its own, were each shown as they came")
    }
    // Then nothing changes for 400 ms: a face that waits for onChange reads nothing meanwhile.
    // One that looks every so often reads the tally here, unless it looks less often than that,
    // and then it most likely showed one of the changes above late (it had 150 ms for each).
    let (polled, quiet) = await still.stirrings { await reads.during(.milliseconds(400)) }
    report.expect(polled == 0 && quiet.stillWaiting, "while nothing changed for 400 ms, it did not read the tally",
                  otherwise: polled == 0
                      ? "while nothing changed for 400 ms, \(quiet.whatStirred ?? ""): it looks again and again (polling); let onChange say when to show"
                      : "while nothing changed for 400 ms, your code read cups or caffeine \(counted(polled, "time")): it looks again and again (polling); let onChange say when to read")

    // And one more change after the quiet: a face that stops following once left alone (an
    // audit's stopped after 300 ms with no change, helper 176) passed while no gap between changes
    // outlasted the 150 ms settle. One that stops only after a longer rest still passes.
    let afterQuiet = await changesOneByOne(
        count: 1, patience: patience, timeBudget: .seconds(2),
        change: { () -> Pair in
            tally.add(milligrams: CheckServices.random(in: 60...140))
            return Pair(cups: tally.cups, caffeine: tally.caffeine)
        },
        shown: { face.takeNew() })
    if let stopped = afterQuiet.last {
        if afterQuiet.shownForIt.isEmpty {
            report.late("after the 400 ms with no change, the tally became \(stopped) and nothing was shown within \(patience.humanReadable): keep following however long the tally is left alone; register again after every change")
        } else {
            report.fail("after the 400 ms with no change, the tally became \(stopped) and the face showed \(afterQuiet.shownForIt): show once per change, the state after it")
        }
    } else {
        report.pass("after the 400 ms with no change, the next change was shown as it came")
    }
}
