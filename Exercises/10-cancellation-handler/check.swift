import Dispatch
import Foundation
import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// A download with a completion handler and cancel(): finishes after 2 s unless cancelled.
final class OldDownload: Sendable {
    private let state = Locked((completion: (@Sendable (Result<Int, any Error>) -> Void)?.none, cancelled: false, done: false, transferring: false))
    private let transfer: DispatchTimeInterval

    /// `transfer`: how long the download takes when no one cancels it.
    init(transfer: DispatchTimeInterval = .seconds(2)) { self.transfer = transfer }

    /// Whether cancel() was called, and whether the transfer is still going on.
    var wasCancelled: Bool { state.withLock { $0.cancelled } }
    var isTransferring: Bool { state.withLock { $0.transferring } }
    /// When the completion handler was called, if it was.
    var finishedAt: ContinuousClock.Instant? { finished.withLock { $0 } }
    private let finished = Locked<ContinuousClock.Instant?>(nil)

    func start(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        let cancelled = state.withLock { state -> Bool in
            state.completion = completion
            return state.cancelled
        }
        if cancelled { return finish(.failure(CancellationError())) }
        state.withLock { $0.transferring = true }
        DispatchQueue.global().asyncAfter(deadline: .now() + transfer) { [self] in finish(.success(4096)) }
    }

    func cancel() {
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

// MARK: - The check
import Dispatch
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 5

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // Left alone, the download finishes with its bytes: an answer that cancels it whatever
    // happens (an audit's `old.cancel(); throw CancellationError()`) passes the cancelled run
    // below, not these. Twice, 250 ms and 600 ms long, watched while it goes (200 and 550 ms):
    // an answer that waits is woken by nothing and returns as the handler is called; one that
    // looks every P ms is woken inside the longer hold, or returns late after the shorter.
    var leftAlone: String? = nil
    for (transfer, hold) in [(250, 200), (600, 550)] {
        report.waiting("a download of \(transfer) ms no one cancels")
        let alone = OldDownload(transfer: .milliseconds(transfer))
        let (task, stirrings) = await still.hold(.milliseconds(hold)) { () -> (Int?, ContinuousClock.Instant) in
            ((try? await download(alone)), ContinuousClock.now)
        }
        let (bytes, returned) = await task.value
        let late = alone.finishedAt.map { $0.duration(to: returned) } ?? .zero
        leftAlone = leftAlone
            ?? (bytes != 4096 || alone.wasCancelled
                ? "left alone, the download \(alone.wasCancelled ? "was cancelled" : "did not finish with its 4096 bytes (\(bytes.map(String.init) ?? "an error"))"): start it, and cancel it only in onCancel"
                : stirrings.problem(while: "a download of \(transfer) ms was going", awaiting: "the download's completion (its handler resumes a continuation)")
                    ?? (late >= .milliseconds(250)
                        ? "left alone, the download's result came back \(late.humanReadable) after its handler was called: it slept, then looked; resume the continuation from the handler"
                        : nil))
    }
    report.expect(leftAlone == nil, "left alone, downloads of 250 ms and 600 ms finished with their 4096 bytes, each returned as its handler was called, and nothing woke their task meanwhile",
                  otherwise: leftAlone ?? "")
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
    let cancelled = clock.now
    task.cancel()
    report.waiting("the download after cancel()")
    let result = await task.value
    let late = cancelled.duration(to: clock.now)
    switch result {
    case .success:
        report.fail("the download ignored the cancellation and finished \(late.humanReadable) later")
    case .failure(let error):
        report.expect(error is CancellationError, "the task ended with CancellationError", otherwise: "expected CancellationError, got \(error)")
        // Generous: cancel() reaches the download at once; a busy machine may take tens of
        // milliseconds to run the task that ends, and 100 ms was close to that.
        report.expect(late < .milliseconds(500), "the task ended \(late.humanReadable) after cancel()",
                      otherwise: "the task ended only \(late.humanReadable) after cancel()")
    }
    report.expect(old.wasCancelled && !old.isTransferring, "the download itself was cancelled (its cancel() was called)",
                  otherwise: "the task ended, but the download was never told: it is still transferring. Call its cancel() in onCancel")
}
