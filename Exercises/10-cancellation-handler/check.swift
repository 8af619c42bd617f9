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
    // below, not this one.
    report.waiting("a download no one cancels")
    let quick = OldDownload(transfer: .milliseconds(20))
    let bytes: Int? = try? await download(quick)
    report.expect(bytes == 4096 && !quick.wasCancelled, "left alone, the download finished with its 4096 bytes",
                  otherwise: "left alone, the download \(quick.wasCancelled ? "was cancelled" : "did not finish with its 4096 bytes (\(bytes.map(String.init) ?? "an error"))"): start it, and cancel it only in onCancel")
    let old = OldDownload()
    // While the download goes on, an answer that waits for its completion or its cancellation is
    // woken by neither (see Stirrings): one that looks every so often is.
    let (task, stirrings) = await still.hold(.milliseconds(CheckServices.random(in: 150...250))) {
        () -> Result<Int, any Error> in
        do { return .success(try await download(old)) } catch { return .failure(error) }
    }
    report.expect(
        stirrings.stillWaiting, "while the download was going, nothing woke its task",
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
