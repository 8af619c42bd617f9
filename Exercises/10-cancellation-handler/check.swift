import Dispatch
import Foundation
import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A download with a completion handler and cancel(): finishes after 2 s unless cancelled.
final class OldDownload: Sendable {
    private let state = Locked((completion: (@Sendable (Result<Int, any Error>) -> Void)?.none, cancelled: false, done: false, transferring: false))
    /// How the transfer ends: handed the work that ends it as the download starts, runs it once
    /// the transfer is over.
    private let ending: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let outcome: Result<Int, TransferFailed>

    /// `transfer`: how long the download takes when no one cancels it; then it hands over
    /// `bytes`, or fails with `failure` where one is given.
    convenience init(transfer: DispatchTimeInterval = .seconds(2), bytes: Int = 4096, failure: TransferFailed? = nil) {
        self.init(bytes: bytes, failure: failure) { end in DispatchQueue.global().asyncAfter(deadline: .now() + transfer, execute: end) }
    }

    /// A download whose transfer ends when `ending` runs the work it is handed: the check holds
    /// some of its downloads so, and lets them end when it chooses.
    init(bytes: Int = 4096, failure: TransferFailed? = nil, ending: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.ending = ending
        outcome = failure.map { .failure($0) } ?? .success(bytes)
    }

    /// Whether cancel() was called, and whether the transfer is still going on.
    var wasCancelled: Bool { state.withLock { $0.cancelled } }
    var isTransferring: Bool { state.withLock { $0.transferring } }
    /// When the completion handler was called, and when cancel() was, if they were.
    var finishedAt: ContinuousClock.Instant? { finished.withLock { $0 } }
    private let finished = Locked<ContinuousClock.Instant?>(nil)
    var cancelledAt: ContinuousClock.Instant? { cancelTime.withLock { $0 } }
    private let cancelTime = Locked<ContinuousClock.Instant?>(nil)

    func start(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        let cancelled = state.withLock { state -> Bool in
            state.completion = completion
            return state.cancelled
        }
        if cancelled { return finish(.failure(CancellationError())) }
        state.withLock { $0.transferring = true }
        ending { [self] in finish(outcome.mapError { $0 }) }
    }

    func cancel() {
        cancelTime.withLock { $0 = $0 ?? .now }
        state.withLock {
            $0.cancelled = true
            $0.transferring = false
        }
        finish(.failure(CancellationError()))
    }

    private func finish(_ result: Result<Int, any Error>) {
        let completion = state.withLock { state -> (@Sendable (Result<Int, any Error>) -> Void)? in
            guard !state.done, let completion = state.completion else { return nil }
            state.done = true
            state.transferring = false
            return completion
        }
        if completion != nil { finished.withLock { $0 = .now } }
        completion?(result)
    }
}

/// How a transfer fails: the server's status code.
struct TransferFailed: Error, Equatable {
    let status: Int
}

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let download: @Sendable (OldDownload) async throws -> Int
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(download: { try await download($0) })
}

// MARK: - The check
import Dispatch
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 7

/// The answer's function, called as the exercise declares it.
func download(_ old: OldDownload) async throws -> Int {
    try await labAdaptor().download(old)
}

/// Whether the download's cancel() came before its handler was called (or it was never called):
/// a cancel() after the download finished does nothing to it.
func cancelledBeforeItFinished(_ download: OldDownload) -> Bool {
    download.cancelledAt.map { cancel in download.finishedAt.map { cancel <= $0 } ?? true } ?? false
}

/// A held download's end: kept as its transfer starts, run when the check lets it go, from a
/// Dispatch thread (in no task: the transfer ending, not a wake the check hands over), and never
/// before `earliest`. A download started after that ends at once.
final class HeldTransferEnd: Sendable {
    private let state = Locked((end: (@Sendable () -> Void)?.none, letGo: false))

    func keep(_ end: @escaping @Sendable () -> Void) {
        if state.withLock({ state -> Bool in
            state.end = end
            return state.letGo
        }) {
            end()
        }
    }

    func letGo(notBefore earliest: ContinuousClock.Instant) {
        let left = max(.zero, ContinuousClock.now.duration(to: earliest))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(left.seconds * 1e9))) { [state] in
            state.withLock { state in
                state.letGo = true
                return state.end
            }?()
        }
    }
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Left alone, the download finishes with its bytes: an answer that cancels it whatever
    // happens (an audit's `old.cancel(); throw CancellationError()`) passes the cancelled run
    // below, not these. Twice, 250 ms and 2.05–2.4 s long, the transfer's end held by the check
    // (holdThenLetGo): while it is held (the first 150 ms, or the download's length less 100 ms),
    // an answer that waits is woken by nothing; then the check lets the transfer end, from outside
    // any task, and the watch goes on until download() returns: the handler (a continuation
    // resumed, or a task of the answer's that resumes it) is what wakes an answer that awaits it,
    // and one that sleeps and looks again is woken by its timer, whatever its period or phase (a
    // look every 2.6 s from a random first moment passed 1 run in 10 when the download ended by its
    // own timer 50 ms after the watch). The bytes differ each run: a hard-coded count fails. The
    // longer is past the given download's own 2 s, and never let go before its length: a timeout of
    // the answer's own that would cut a download of the default length short cancels it (an audit's
    // 1 s timeout passed one of 600 ms, then 1.5 s one of 1.4 s).
    var leftAlone: String? = nil
    // A result that came back late is the clock's word alone (`CheckReport.late`): said only if
    // nothing else was wrong.
    var leftAloneLate: String? = nil
    let longer = CheckServices.random(in: 2_050...2_400)
    for transfer in [250, longer] {
        report.waiting("a download of \(transfer) ms no one cancels")
        let expected = CheckServices.random(in: 1_000...9_999)
        let held = HeldTransferEnd()
        let alone = OldDownload(bytes: expected) { held.keep($0) }
        // The watch ends as it is stirred, or 100 ms past the hold (WakeWatch.pastTheDeadline): the
        // transfer is let go at its length, or later.
        let length = ContinuousClock.now + .milliseconds(transfer)
        let (outcome, stirrings, afterwards) = await still.holdThenLetGo(
            .milliseconds(transfer) - WakeWatch.pastTheDeadline, from: nil, letGo: { held.letGo(notBefore: length) }
        ) { () -> (Int?, ContinuousClock.Instant) in
            ((try? await download(alone)), ContinuousClock.now)
        }
        let (bytes, returned) = outcome
        let late = alone.finishedAt.map { $0.duration(to: returned) } ?? .zero
        // Cancelled before its handler was called: a cancel() after the download finished does
        // nothing to it (a stream's onTermination that runs as its reader lets go, say).
        let cancelled = cancelledBeforeItFinished(alone)
        // In steps, each typed: one expression of nested choices took 0.2 s to type-check, in
        // every compile of this check.
        let got: String = bytes.map(String.init) ?? "an error"
        let how: String = cancelled ? "was cancelled" : "did not finish with its \(expected) bytes (\(got))"
        let restless: String? = stirrings.problem(
            while: "a download of \(transfer) ms was going",
            awaiting: "the download's completion (its handler resumes a continuation)")
        // All that woke it afterwards counts: tasks the handler starts (an actor's, the main
        // actor's) begin then, and hand the result over as messages from the program's tasks.
        let lookedAgain: String? = afterwards.whatStirred.map {
            "left alone, as a download of \(transfer) ms ended and before download() returned, \($0): it slept, then looked for the result; resume the continuation from the handler, which alone wakes it"
        }
        let problem: String? =
            bytes != expected || cancelled
            ? "left alone, the download \(how): start it, hand back what its handler gives, and cancel it only in onCancel"
            : restless ?? lookedAgain
        // Late, with nothing else wrong: a look of the answer's after a sleep is refused above, by
        // what woke it; where the pool is not watched (macOS), a task of the handler's that slept
        // before it resumed the continuation is seen only here, and on a busy machine, a stall.
        // 500 ms leaves a busy machine's stalls (250 ms was tighter than it need be).
        if problem == nil && late >= .milliseconds(500) {
            leftAloneLate = leftAloneLate ?? "left alone, the download's result came back \(late.humanReadable) after its handler was called: resume the continuation from the handler, at once"
        }
        leftAlone = leftAlone ?? problem
    }
    let leftAloneIsRight = "left alone, downloads of 250 ms and \(longer) ms finished with their bytes, each returned as its handler was called, and nothing but the handler woke their task"
    if let leftAlone {
        report.fail(leftAlone)
    } else {
        report.expectInTime(leftAloneLate == nil, leftAloneIsRight, otherwise: leftAloneLate ?? "")
    }
    // A transfer that fails on its own: its error reaches the caller as it is, not as a
    // cancellation (an audit's answer turned every failure into CancellationError).
    let failure = TransferFailed(status: CheckServices.random(in: 500...599))
    report.waiting("a download that fails with status \(failure.status)")
    // Within 3 s (it fails after 50 ms): a continuation resumed only on success never returns, and
    // the check's whole limit (15 s) was spent on finding that out (helper 153's audit).
    let outcome = await within(.seconds(3)) { () -> Result<Int, any Error> in
        do { return .success(try await download(OldDownload(transfer: .milliseconds(50), failure: failure))) } catch { return .failure(error) }
    }
    guard let failed = outcome else {
        return report.fail(
            "a download that failed with status \(failure.status) never returned (3 s): its handler was called with the failure; resume the continuation with every result the handler gives, failures too")
    }
    switch failed {
    case .failure(let error as TransferFailed) where error == failure:
        report.pass("a download that failed with status \(failure.status) threw that very error")
    case .failure(let error):
        report.fail("a download that failed with status \(failure.status) threw \(error) instead: hand the download's own error to the caller")
    case .success(let bytes):
        report.fail("a download that failed with status \(failure.status) returned \(counted(bytes, "byte")): hand the download's own error to the caller")
    }
    // A task cancelled before it calls download(): onCancel runs at once, before the operation,
    // so the download must not run (an audit's onCancel acted only on a continuation already
    // stored, and the download ran its whole 2 s).
    report.waiting("a download in a task cancelled before it began")
    let gate = Gate()
    let early = OldDownload()
    let earlyTask = Task { () -> (Result<Int, any Error>, Duration) in
        await gate.wait()
        let began = ContinuousClock.now
        do { return (.success(try await download(early)), began.duration(to: .now)) } catch { return (.failure(error), began.duration(to: .now)) }
    }
    earlyTask.cancel()
    gate.open()
    let (earlyResult, earlyTook) = await earlyTask.value
    switch earlyResult {
    case .failure(let error) where error is CancellationError && earlyTook < .milliseconds(500):
        report.pass("a task cancelled before it called download() ended \(earlyTook.humanReadable) later with CancellationError")
    case .failure(let error) where error is CancellationError:
        report.late("a task cancelled before it called download() ended only \(earlyTook.humanReadable) later: onCancel runs at once when the task is already cancelled, before the download has called back; cancel the download there, or do not start it")
    case .failure(let error):
        report.fail("a task cancelled before it called download() threw \(error), not CancellationError")
    case .success(let bytes) where cancelledBeforeItFinished(early):
        // Its download was stopped, yet a value came back: the answer turned the cancellation
        // into bytes, and "still downloaded" would blame the wrong thing.
        report.fail("a task cancelled before it called download() returned \(counted(bytes, "byte")), though its download was cancelled: a cancelled download is an error; throw the CancellationError its handler gives")
    case .success(let bytes) where early.finishedAt == nil:
        // Never cancelled and never finished: either it never started (an answer that returns 0
        // for a task already cancelled), whose handler gives nothing, or it still runs.
        report.fail(
            "a task cancelled before it called download() returned \(counted(bytes, "byte")), though its download "
                + (early.isTransferring
                    ? "had not finished and was never cancelled: cancel it in onCancel, and throw the CancellationError its handler gives"
                    : "never started: a cancelled task has no bytes to hand back; throw CancellationError"))
    case .success(let bytes):
        report.fail("a task cancelled before it called download() still downloaded \(counted(bytes, "byte")) (\(earlyTook.humanReadable)): onCancel runs at once when the task is already cancelled; cancel the download there, or do not start it")
    }
    let old = OldDownload()
    // While the download goes on, an answer that waits for its completion or its cancellation is
    // woken by neither (see Stirrings): one that looks every so often is.
    let (task, stirrings) = await still.hold(.milliseconds(CheckServices.random(in: 150...250))) {
        () -> Result<Int, any Error> in
        do { return .success(try await download(old)) } catch { return .failure(error) }
    }
    report.expect(
        stirrings.stillWaiting, "while the download was going, nothing woke its task, until it was cancelled",
        otherwise: stirrings.problem(while: "the download was going", awaiting: "the download's completion (its handler resumes a continuation)") ?? "")
    let clock = ContinuousClock()
    // The answer's timers are kept back from the cancel until the download's own cancel() is
    // called, for 1 s at most (TimerHold, Linux): onCancel, and tasks it starts, reach the
    // download without one, however busy the machine. A cancel that waits for a sleep first (an
    // audit's: 100 ms, and 60 ms on the main actor, both under the 150 ms bound below; helper
    // 170) is not made in that second, whatever the sleep's length.
    let timersHeld = TimerHold.beginHolding()
    let cancelled = clock.now
    // What the answer computed until the download is told: onCancel runs on this thread, inside
    // cancel() (`inCancel`), and what it starts runs beside the check's poll, which sleeps
    // (`untilTold`). A wait spun there has no timer to keep back: an audit's 100 ms spin in onCancel,
    // and a main-actor task that yielded for 100 ms, both passed the 150 ms bound below (helper
    // 185). Judged as the holds judge a loop (ThreadActivity, Stirrings): by the CPU it used, or by
    // how long it wanted one on a crowded machine; a correct cancel uses well under a millisecond.
    var untilTold = Stirrings()
    let (processBefore, runnableBefore) = (processCPUSeconds(), processRunnableSeconds())
    let reading = ThreadActivity.ThreadActivityReading()
    task.cancel()
    let inCancel = reading.activity()
    report.waiting("the download after cancel()")
    var timersKept = 0
    if timersHeld {
        let toldWhileHeld = await poll(for: .seconds(1)) { old.wasCancelled }
        let kept = TimerHold.letGo()
        if !toldWhileHeld { timersKept = kept }
    } else {
        _ = await poll(for: .seconds(1)) { old.wasCancelled }
    }
    untilTold.cpu = .seconds(max(0, processCPUSeconds() - processBefore))
    untilTold.wanted = runnableBefore.flatMap { before in processRunnableSeconds().map { .seconds(max(0, $0 - before)) } }
    untilTold.lasted = cancelled.duration(to: clock.now)
    // The thread's wakes are not judged: a lock onCancel shares with the handler may sleep once.
    let spunInCancel = inCancel.flatMap { ThreadActivity(cpu: $0.cpu, wakes: nil, wanted: $0.wanted, lasted: $0.lasted).restless() }
    let result = await task.value
    let late = cancelled.duration(to: clock.now)
    let waitedForATimer =
        "the download's cancel() was called only after a timer of your code fired: the check kept your code's timers back for 1 s after the task's cancel, and the download was not cancelled meanwhile (\(counted(timersKept, "timer")) kept), so onCancel slept (or waited for a sleep) before it cancelled; call the download's cancel() in onCancel, at once"
    switch result {
    case .success(let bytes) where cancelledBeforeItFinished(old):
        report.fail("the download was cancelled, yet the task returned \(counted(bytes, "byte")) \(late.humanReadable) later: a cancelled download is an error; throw the CancellationError its handler gives")
    case .success:
        report.fail("the download ignored the cancellation and finished \(late.humanReadable) later")
    case .failure(let error):
        report.expect(error is CancellationError, "the task ended with CancellationError", otherwise: "expected CancellationError, got \(error)")
        // Generous: cancel() reaches the download at once; a busy machine may take tens of
        // milliseconds to run the task that ends, and 100 ms was close to that.
        if timersKept > 0 {
            report.fail("the task ended only \(late.humanReadable) after cancel(), once a timer of your code had fired (the check kept them back for the first second)")
        } else {
            report.expectInTime(late < .milliseconds(500), "the task ended \(late.humanReadable) after cancel()",
                                otherwise: "the task ended only \(late.humanReadable) after cancel()")
        }
    }
    // At once: onCancel runs as the task is cancelled; a hop to an actor first takes a few
    // milliseconds, a busy machine's tens. An answer that waited 400 ms had passed.
    let reached = old.cancelledAt.map { cancelled.duration(to: $0) }
    if !old.wasCancelled || old.isTransferring {
        report.fail("the task ended, but the download was never told: it is still transferring. Call its cancel() in onCancel")
    } else if timersKept > 0 {
        report.fail(waitedForATimer)
    } else if let spunInCancel {
        report.fail(
            "the download's cancel() was called \((reached ?? .zero).humanReadable) after the task's, and onCancel, on the thread that cancelled the task, \(spunInCancel) before it returned (a wait spun in place?): call the download's cancel() in onCancel, at once")
    } else if untilTold.computed {
        report.fail(
            "the download's cancel() was called \((reached ?? .zero).humanReadable) after the task's, and until then the process (your code, and the check's poll, which sleeps) used \(untilTold.cpu.humanReadable) of CPU\(untilTold.wanted.map { ", its threads wanting a CPU for \($0.humanReadable)" } ?? "") (a wait spun in place, or a loop of yields, in a task onCancel started?): call the download's cancel() in onCancel, at once")
    } else {
        report.expectInTime(
            (reached ?? .zero) < .milliseconds(150),
            "the download itself was cancelled \((reached ?? .zero).humanReadable) after the task (its cancel() was called)",
            otherwise: "the download's cancel() was called only \((reached ?? .zero).humanReadable) after the task's: call it in onCancel, at once")
    }
}
