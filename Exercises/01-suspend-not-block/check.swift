import Foundation
import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let takesTooLong: @Sendable (SimulatedWork) async -> Date
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    // Bound without a type first, as the check's single call was (`let stamp = await …`), then
    // returned as a Date, as the calls at once assigned it.
    AnswerFace(takesTooLong: {
        let stamp = await takesTooLong($0)
        return stamp
    })
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 4

/// The answer's function, called as the exercise declares it.
func takesTooLong(_ work: SimulatedWork) async -> Date {
    await labAdaptor().takesTooLong(work)
}

func runCheck(_ report: CheckReport) async {
    // 5 source seconds are 200 ms here (CheckServices.work makes them 50 ms): beside a wait this
    // long, the bounds below can sit far from both a correct answer and a blocking one.
    let work = SimulatedWork(scale: TimeScale(factor: 0.04))
    let clock = ContinuousClock()
    // One call at a slower scale first (5 source seconds are 600 ms here): a wait of a length of
    // its own cannot be long enough for this one and short enough for the calls at once below
    // (under 500 ms at 200 ms each). While it waits, nothing may wake its task: a loop of short
    // sleeps is woken by each (see Stirrings).
    let still = await StillnessWatch()
    let slower = SimulatedWork(scale: TimeScale(factor: 0.12))
    report.waiting("one takesTooLong() call")
    let began = clock.now
    let beganAt = Date()
    // Held 550 of its 600 ms, and due before twice the hold: a look every P ms wakes in the hold
    // (P < 550) or ends 1.1 s or more in (550 ≤ P < 600, a second look), or it is one sleep longer
    // than the work (P ≥ 1100 refused; 600–1100 is a single overlong wait). With a hold of 300 ms,
    // looks every 350 and 480 ms passed "in one wait" (an audit's). Due within 300 ms (900), a
    // correct answer stalled that long by a busy machine was told it looked at the time.
    let ((ended, stamp, returnedAt), stirrings, afterwards) = await still.holdThenLetGo(
        .milliseconds(550), from: nil, letGo: {}
    ) {
        let stamp = await takesTooLong(slower)
        return (ContinuousClock.now, stamp, Date())
    }
    // And from the hold's end to its return: one wait's end wakes it once (its sleep's timer, or
    // the end of a task it awaited). A look every 5 ms over its last 40 ms, or sleeps of 95% of
    // what was left, woke it only past the hold (9 and 3 times) and passed "in one wait" (an
    // audit's, helper 165). Counted, not timed: a busy machine delays a wake, it adds none.
    // Each task it began may be woken so once too: a group of two equal sleeps side by side is
    // woken twice, and waited once (more than four tasks are refused as a chain, in the hold or here).
    let wokenByTimers = afterwards.timers
    let tasksBegun = stirrings.begun + afterwards.begun
    var besidesItsEnd = afterwards
    besidesItsEnd.timers = 0
    let lookedLate: String? =
        wokenByTimers > 1 + tasksBegun
        ? "it was woken \(wokenByTimers) times from outside it (by timers it set, or code on another actor or thread), more than once for its wait\(tasksBegun > 0 ? " and once for each task it began (\(tasksBegun))" : "")"
        : besidesItsEnd.whatStirred
    let one = began.duration(to: ended)
    // A sleep never ends early, so a call that waits its 600 ms is measured at 600 ms or more:
    // the bounds allow a millisecond of rounding, not a shorter wait (4.55 s passed at 540).
    let restless: String? = stirrings.problem(
        while: "it waited", awaiting: "the whole 5 source seconds at once (work.suspend)")
    // Four calls per pool thread: blocked threads finish a wave per pool width, so holding
    // a thread takes at least 4× one call on any machine; suspending takes about 1×.
    let calls = max(8, 4 * CheckServices.poolWidth)
    report.waiting("\(calls) takesTooLong() calls at once")
    // One group for all three measures, each call timed on its own: an answer that keeps count
    // of its calls cannot wait properly where one measure looks and not where another does (an
    // audit's answer suspended in its first call only, and the others returned at once).
    // Waiting takes time, not CPU: calls that suspend use almost none (about 1 ms here for all
    // of them); a loop that spins until the time is up — even one that yields on each turn —
    // uses the CPU the whole time, and over a 200 ms wait even a spin that a busy machine gives
    // a tenth of a core uses far more than the limit; on a sixteenth of one it does not, and its
    // threads' wanting a CPU the whole time tells it (`wanted`, below).
    let cpuBefore = processCPUSeconds()
    let wantedBefore = processRunnableSeconds()
    var each: [Duration] = []
    // When each call began and returned: calls that suspend all begin before any returns (each
    // child's first job was queued before any wait's wake-up), while calls that hold their thread
    // begin one per free thread, and return in waves.
    let begun = Locked<[ContinuousClock.Instant]>([])
    let returned = Locked<[ContinuousClock.Instant]>([])
    // And the dates they return, each against its own call as the single call's is below: an answer
    // that returned the date from before the wait where the scale was the faster one passed, only
    // the single call's date being read (helper 177's audit).
    let stampsOutside = Locked(0)
    // A sleep of the check's own beside them, as long as each call's: the machine's witness. When
    // it woke on time and every call still took far longer, the calls waited longer than the work
    // said (an answer that waits at least 480 ms, whatever it is given, passed here in 480 ms).
    _ = PoolWakes.mark()
    let begunBeforeTheCalls = TasksBegun.count
    let witness = Task { await clock.measure { try? await Task.sleep(for: .milliseconds(200)) } }
    let many = await clock.measure {
        each = await withTaskGroup(of: Duration.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    begun.withLock { $0.append(clock.now) }
                    let calledAt = Date()
                    var stamp = calledAt
                    let took = await clock.measure { stamp = await takesTooLong(work) }
                    returned.withLock { $0.append(clock.now) }
                    if stamp.timeIntervalSince(calledAt) < 0.199 || stamp > Date() { stampsOutside.withLock { $0 += 1 } }
                    return took
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }
    let witnessSlept = await witness.value
    // How often tasks were woken on the pool meanwhile (nil where the runtime is not watched): a
    // call that waits is woken once by its sleep's end, twice if it awaits a task that sleeps (a
    // main-actor task's wake comes through the pool too), and the witness once; each task an answer
    // begins (up to two a call) may add two (a group of two equal sleeps: 33 for 8 calls). A call
    // that looks again and again is woken at every look: an answer that slept once when the wait
    // was 500 ms or more, as the single call's, and looked every 10 ms otherwise passed here (161
    // wakes against the solution's 9; an audit's, helper 165). Counted, not timed: a busy machine
    // adds no wake.
    let pooled: Int? = still.poolWatched ? PoolWakes.mark() : nil
    let answersTasks = min(max(0, TasksBegun.count - begunBeforeTheCalls), 2 * calls)
    let wakesOfWaits = 2 * calls + 4 + 2 * answersTasks
    let lookedAgain = pooled.map { $0 > wakesOfWaits } ?? false
    let firstReturn = returned.withLock { $0.min() }
    let begunBeforeAnyReturned = begun.withLock { starts in starts.filter { start in firstReturn.map { start < $0 } ?? true }.count }
    let returnSpan = returned.withLock { ($0.min() ?? clock.now).duration(to: $0.max() ?? clock.now) }
    let cpu = Int((processCPUSeconds() - cpuBefore) * 1000)
    // How long the process's threads wanted a CPU meanwhile (ran, or waited in line for one; nil
    // where the kernel does not say): a spin wants one the whole time however little of a crowded
    // CPU it gets. Beside 15 busy processes each in a session of its own (CI's one-CPU lane), the
    // yield spin used 12 ms of CPU, under the bound below, and was told only that its first call's
    // task ran again and again; it wanted a CPU for 207-281 ms of its 207-233 ms, the solution for 3.
    // With 4 ms of CPU or more only: waiting in line is the machine's too, and calls that suspend,
    // woken on a machine loaded many times over, may wait long for a CPU, but use about 1 ms of it.
    let wanted = wantedBefore.flatMap { start in processRunnableSeconds().map { Int(max(0, $0 - start) * 1000) } }
    let wantedLong = cpu >= 4 && (wanted.map { $0 > 10 && Double($0) * 2 >= many.milliseconds } ?? false)
    let shortest = each.min() ?? .zero
    // A single wait longer than the work's: 1.1 s or more always (a look spaced past the hold ends
    // there); 900 ms or more (1.5× the work) where the calls at once below were long too, their
    // shortest 240 ms or more (1.2× their 200 ms). A busy machine that stalls the first call 300 ms
    // seldom stalls all of those at once, and an answer that waits N source seconds for 5 is long in
    // both: 8 s for 5 waited 962 ms and 320 ms, and passed with 1.1 s alone (an audit's).
    let overlong = one >= .milliseconds(1_100) || (one >= .milliseconds(900) && shortest >= .milliseconds(240))
    // Too short, or stirred while it waited, is the code's; too long is the clock's word alone, sent
    // as "late" (`CheckReport.late`): a run it refuses is run once more.
    // The figure measured, not the one asked for: an answer that waits 6 source seconds (720 ms)
    // is within what a busy machine may add, and was told it waited "600 ms".
    let waitsItsTime = "takesTooLong() waited at least its 5 source seconds (600 ms at that scale), in one wait: it returned after \(one.humanReadable), within what a busy machine may add to them"
    if one < .milliseconds(599) {
        report.fail("takesTooLong() returned after \(one.humanReadable); it must still wait 5 source seconds (600 ms at that scale): wait as long as the work it is given says")
    } else if let restless {
        report.fail(restless)
    } else if let lookedLate {
        report.fail("between 550 ms into its 600 ms wait and its return, \(lookedLate), where the end of one wait wakes it once: it slept, then looked at the time again; wait the whole 5 source seconds at once (work.suspend)")
    } else {
        report.expectInTime(!overlong, waitsItsTime,
                            otherwise: one < .milliseconds(1_100)
                                ? "takesTooLong() returned after \(one.humanReadable), and each of the calls at once after \(shortest.humanReadable) at least: longer than the 5 source seconds it is given (600 ms and 200 ms at those scales); wait as long as the work says (work.suspend)"
                                : "takesTooLong() returned after \(one.humanReadable), not as its 5 source seconds (600 ms at that scale) ended: it looked at the time now and then; wait the whole time at once (work.suspend)")
    }
    // The verdict on the calls at once, from their figures alone (CheckSupport's
    // CallsAtOnceVerdict, where a test forces each of its outcomes).
    let verdict = CallsAtOnceVerdict(
        CallsAtOnceFigures(
            calls: calls, duration: many, quickestCallTook: shortest, begun: begunBeforeAnyReturned,
            span: returnSpan, witnessSleepTook: witnessSlept))
    switch verdict.outcome {
    case .failed: report.fail(verdict.message)
    case .passed: report.pass(verdict.message)
    case .late: report.late(verdict.message)
    }
    let wantedNote = wantedLong ? wanted.map { ", and their threads wanted a CPU for \($0) ms (they ran, or waited in line for a crowded one)" } ?? "" : ""
    let keptBusy = cpu >= 15 || wantedLong
    if !keptBusy, lookedAgain, let pooled {
        report.fail("while they waited \(many.humanReadable), tasks on the thread pool were woken \(pooled) times (the check's one sleep beside the calls among them), more than the \(wakesOfWaits) that calls which wait are woken at most (twice each, a few besides, and two for each task they began): the \(calls) calls paused, then looked at the time again and again; wait the whole 5 source seconds at once (work.suspend)")
    } else {
        report.expect(!keptBusy, "while they waited \(many.humanReadable), the \(calls) calls used \(cpu) ms of CPU: waiting left the CPU free",
                      otherwise: "while they waited \(many.humanReadable), the \(calls) calls used \(cpu) ms of CPU\(wantedNote): they kept the CPU busy (a loop that yields is still a busy wait); suspend until the time is up")
    }
    // The date it returns is the moment its wait ended: after the 600 ms, before the call returned
    // (the date from before the wait, or any constant, passed while nothing read it).
    let stampAfter = stamp.timeIntervalSince(beganAt)
    let outside = stampsOutside.withLock { $0 }
    report.expect(stampAfter >= 0.599 && stamp <= returnedAt && outside == 0, "the date it returned was taken as its wait ended (\(Int(stampAfter * 1000)) ms after the call began), in each of the \(calls) calls at once too",
                  otherwise: stampAfter < 0.599
                      ? "takesTooLong() returned a date \(Int(stampAfter * 1000)) ms after the call began, before its 600 ms wait ended: return the date the wait ended"
                      : stamp > returnedAt ? "takesTooLong() returned a date after it had returned (\(stamp)): return the date the wait ended"
                      : "of the \(calls) calls at once, \(outside) returned a date before their 200 ms wait ended, or after they returned: return the date the wait ended, in every call")
}
