import Foundation
import LabCore
import LabScenarios

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// The demo's model: doSomething() takes a while and counts its calls, as they start
/// (a call still under way counts) and as they finish.
actor DemoModel {
    private(set) var calls = 0
    private(set) var started = 0
    /// Calls that found their task cancelled by the time their work was done.
    private(set) var cancelled = 0
    /// Where doSomething() waits until the check has seen buttonTapped() return (2 s at most):
    /// a button that waits for the work cannot return before the hold opens. The check's own.
    private let buttonReturned: PeakHold

    init(buttonReturned: PeakHold = PeakHold(peak: 1)) {
        self.buttonReturned = buttonReturned
    }

    func doSomething() async {
        started += 1
        await buttonReturned.enter()
        try? await Task.sleep(for: .milliseconds(40))
        if Task.isCancelled { cancelled += 1 }
        calls += 1
    }
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let buttonTapped: @Sendable (DemoModel) -> Task<Void, Never>
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // Synchronous and nonisolated, as the check's taps were; bound without a type first, as the
    // check bound the tap it cancels (`let handle = …`), then returned as the task it appended.
    AnswerFace(buttonTapped: {
        let handle = buttonTapped($0)
        return handle
    })
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 4

/// The answer's function, called as the exercise declares it.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    labAdaptor().buttonTapped(model)
}

/// A model the check no longer holds: nil once nothing else does either.
final class WeakModel: Sendable {
    weak let model: DemoModel?
    init(_ model: DemoModel) { self.model = model }
}

func runCheck(_ report: CheckReport) async {
    // Ten taps, each on a model of its own. The fastest must return at once: a busy machine can
    // stall one tap, not all ten. And none may return only once the work was let go: a button that
    // waits for the work is caught by order. A button that waits on some taps only (at random: an
    // audit's spun 4 ms on half its taps and passed 10 runs in 10 by its fastest of five) is told by
    // the CPU each tap used on its thread, which a stall does not add to: no two may spin. A spin
    // too short for that bound is told by the clock reads it makes (Linux).
    let clock = ContinuousClock()
    var fastest = Duration.seconds(60)
    // The CPU each tap used on the check's thread, in seconds (the tap runs there without a suspension).
    var tapCPU: [Double] = []
    // The times each tap read the clock (where counted): a tap that waits a moment by looking at
    // the clock over and over, shorter than the CPU bound below (an audit's spun under 1 ms), reads
    // it hundreds of times, however busy the machine; a tap that only starts its task, never.
    let clockReadsCounted = ClockReads.counted
    var tapClockReads: [Int] = []
    var waitedForTheWork = false
    var taps: [(model: DemoModel, task: Task<Void, Never>)] = []
    // The tasks each tap started, counted by the runtime's hooks (nil where they are not found).
    var tasksStarted: [Int?] = []
    // Every unstructured task created from the first tap until the grace period below has passed,
    // wherever (nil where creations are not counted): a second task started later, from inside the
    // one returned, escaped the count of what each tap handed over (an audit's). A child task the
    // returned task awaits (a group's, `async let`'s) is not another task on its own.
    let creationsCounted = TasksCreated.watch()
    let createdBefore = TasksCreated.count
    var holds: [PeakHold] = []
    // The tasks a tap starts cannot begin until it returns: the check keeps them back until then,
    // or for 100 ms. A button that waited for its task to begin (a spin on a flag the task sets)
    // took some 20 µs on two CPUs and passed; here it waits out the 100 ms on every tap, where a
    // stalled machine makes one tap late, not ten.
    let startsHeld = Duration.milliseconds(100)
    var returnedAfterItsTask = 0
    for _ in 0..<10 {
        let buttonReturned = PeakHold(peak: .max, patience: .seconds(2))
        holds.append(buttonReturned)
        let model = DemoModel(buttonReturned: buttonReturned)
        report.waiting("buttonTapped() to return")
        let start = clock.now
        let cpuBefore = threadCPUSeconds()
        let ((task, reads), started, letGoFirst) = TaskStarts.counting(holdingBack: startsHeld) {
            ClockReads.during { buttonTapped(model) }
        }
        tapClockReads.append(reads)
        if letGoFirst { returnedAfterItsTask += 1 }
        tapCPU.append(threadCPUSeconds() - cpuBefore)
        let returned = start.duration(to: clock.now)
        tasksStarted.append(started)
        waitedForTheWork = waitedForTheWork || buttonReturned.isOpen
        buttonReturned.letGo()
        fastest = min(fastest, returned)
        taps.append((model, task))
        if waitedForTheWork { break }  // the work waited 2 s for it: once is enough
    }
    // Under 2 ms: a button returns in microseconds; one that spun 15 ms for the work passed 20,
    // one that spun 4 ms passed 5 (now refused by its CPU above, too).
    // The bound alone is the clock's word (`expectInTime`): waiting for the work is not.
    // A tap uses tens of microseconds of CPU here; 1 ms is the CPU of a loop that waits, in two
    // taps or more (the second busiest): one tap is allowed it, as one tap is allowed a stall.
    let busy = tapCPU.filter { $0 >= 0.001 }
    // 16 reads or more in one tap is a loop on the clock (a spin of 100 µs read it 2,000-3,400
    // times); a tap that only starts its task read it 0 times in every catalogued answer. Two taps
    // or more, as for the CPU: the catalogue's stalled first tap is a spin too.
    let looking = clockReadsCounted ? tapClockReads.filter { $0 >= 16 } : []
    if waitedForTheWork {
        report.fail("buttonTapped() returned only after doSomething() could go on: a button's action must not wait for the work")
    } else if returnedAfterItsTask == taps.count {
        report.fail("each of \(counted(taps.count, "tap")) was still in buttonTapped() \(startsHeld.humanReadable) after it started its task, which the check lets begin only once the tap returns (or after those \(startsHeld.humanReadable)): a button's action must not wait, not even for its task to begin")
    } else if busy.count >= 2 {
        let most = Duration.seconds(busy.max() ?? 0).humanReadable
        report.fail("\(busy.count) of \(tapCPU.count) taps used 1 ms of CPU or more before buttonTapped() returned (up to \(most)): a button's action must not wait, not even on some taps (a loop that looks at the clock is a wait)")
    } else if looking.count >= 2 {
        report.fail("\(looking.count) of \(tapClockReads.count) taps read the clock over and over before buttonTapped() returned (up to \(looking.max() ?? 0) times in one tap): a loop that looks at the clock is a wait, however short, and a button's action must not wait")
    } else {
        report.expectInTime(fastest < .milliseconds(2), "buttonTapped() returned at once (\(fastest.humanReadable))",
                            otherwise: "buttonTapped() took \(fastest.humanReadable) at the fastest of \(taps.count) taps: a button's action must not wait")
    }
    report.waiting("the tasks buttonTapped() returned")
    var counts: [(finished: Int, started: Int)] = []
    for tap in taps {
        await tap.task.value
        counts.append((await tap.model.calls, 0))
    }
    // Counted once more after the tasks are done and a grace period has passed: a second call
    // started in a task nobody awaits (or started late) is still a second call.
    try? await Task.sleep(for: .milliseconds(250))
    for index in taps.indices { counts[index].started = await taps[index].model.started }
    let (finished, started) = counts.first { $0 != (1, 1) } ?? (1, 1)
    var cancelled = 0
    for tap in taps { cancelled += await tap.model.cancelled }
    // Then the check lets go of the models and the tasks: once the tapped tasks are done, nothing
    // else may hold a model. Something still does when a task of the answer's own is still to
    // call it, however late it means to (a second call after 600 ms passed the grace period).
    let models = taps.map { WeakModel($0.model) }
    taps.removeAll()
    // A moment for the finished tasks to be torn down; not long enough for a late call to come.
    let released = await poll(for: .milliseconds(200)) { models.allSatisfy { $0.model == nil } }
    // Less the tasks the check's own holds started to wait out their patience.
    let created = creationsCounted ? TasksCreated.count - createdBefore - holds.filter(\.startedItsPatience).count : nil
    report.expect(finished == 1 && started == 1 && cancelled == 0 && released, "the task ran doSomething() once, uncancelled, and nothing else called it or kept the model",
                  otherwise: finished == 1 && started == 1 && cancelled == 0
                      ? "after the tasks buttonTapped() returned were done, something of your code still held the model (a task of its own, still to call doSomething()?): start one task, and return it"
                      : cancelled > 0 && finished == 1 && started == 1
                      ? "doSomething() ran in a task that was cancelled (\(cancelled) of \(counted(models.count, "tap"))): return the task as it started; cancelling it is the caller's choice (an `async let` never awaited is cancelled as its scope ends)"
                      : started == 0 ? "doSomething() never ran: the task you returned does not call it"
                      : finished == 0 ? "doSomething() had not finished when the task you returned did: the task must await it"
                      : "doSomething() ran \(counted(started, "time")), not once (\(finished) by the time the task you returned was done)")

    // The task handed back is the caller's handle on the work: cancelling it reaches
    // doSomething() (a task that only waits for another task doing the work does not).
    let handled = DemoModel()
    report.waiting("a tap whose task is cancelled at once")
    let handle = buttonTapped(handled)
    handle.cancel()
    await handle.value
    try? await Task.sleep(for: .milliseconds(100))  // work in a task of its own, not awaited, ends meanwhile
    let reached = await handled.cancelled
    let ran = await handled.started
    // A task that looks before it starts the work may skip it, cancelled before it began (an
    // audit's `guard !Task.isCancelled`): the taps above show that it runs the work otherwise.
    report.expect((ran == 1 && reached == 1) || ran == 0,
                  ran == 0 ? "cancelled before it began, the task buttonTapped() returned did not start doSomething()"
                      : "cancelling the task buttonTapped() returned reached doSomething()",
                  otherwise: ran != 1 ? "a tap whose task was cancelled at once started doSomething() \(ran) times"
                      : "cancelling the task buttonTapped() returned did not reach doSomething(): return the task that runs it, not one that waits for it")

    // One task per tap, the one returned: a second runs on its own, and nobody can await or cancel
    // it (one that held the model weakly and called it again a second later passed the lines
    // above: the check had let go of its models by then, so the call never came).
    if let created {
        report.expect(
            created <= models.count, "each tap created one task, the one it returned, and nothing created another later",
            otherwise: "\(counted(models.count, "tap")) created \(created) tasks, counting those created afterwards (from inside the task returned, say): create one per tap, the one you return, and do the work in it: a task of its own beside it is one the caller cannot await or cancel (your code can, by hand: a child task, `async let`'s or a group's, does that for you)")
        return
    }
    let startsCounted = tasksStarted.compactMap { $0 }
    let most = startsCounted.max() ?? 0
    let passed: String =
        if startsCounted.count < tasksStarted.count {
            "the tasks each tap started were not counted here (the runtime's hooks were not found)"
        } else if startsCounted.allSatisfy({ $0 == 1 }) {
            "each tap started one task, the one it returned"
        } else {
            // A task run at once on the caller's thread (Task.immediate, macOS 26) hands nothing over.
            "no tap handed more than one task to the pool or the main actor (\(startsCounted.map(String.init).joined(separator: ", "))): none started a second (a task run at once on the caller's thread may hand over none)"
        }
    report.expect(startsCounted.count < tasksStarted.count || most <= 1, passed,
                  otherwise: "a tap started \(most) tasks: start one, the one you return; another runs on its own, and nobody can await or cancel it")
}
