import Dispatch
import Foundation
import LabCore

/// A callback-based download, like a URLSessionDataTask: `start(completion:)` and
/// `cancel()`. Cancelling ends it at once, with `CancellationError`, and the time
/// of the `cancel()` call is recorded so a lesson can measure how late it came.
public final class LegacyDownload: Sendable {
    private struct State {
        var completion: (@Sendable (Result<Int, any Error>) -> Void)?
        public var cancelledAt: ContinuousClock.Instant?
        var finished = false
    }

    private let state = Locked(State())
    private let duration: Duration
    /// Called as `start(completion:)` begins, before anything else it does (a lesson orders the
    /// start against its own cancel() with it).
    private let onStart: @Sendable () -> Void

    public init(duration: Duration, onStart: @escaping @Sendable () -> Void = {}) {
        self.duration = duration
        self.onStart = onStart
    }

    public func start(completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {
        onStart()
        let alreadyCancelled = state.withLock { state -> Bool in
            state.completion = completion
            return state.cancelledAt != nil
        }
        if alreadyCancelled { return finish(.failure(CancellationError())) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(duration.seconds * 1e9))) { [self] in
            finish(.success(4_096))
        }
    }

    /// Stops the download; its completion runs now with `CancellationError`.
    public func cancel() {
        state.withLock { $0.cancelledAt = $0.cancelledAt ?? .now }
        finish(.failure(CancellationError()))
    }

    public var cancelledAt: ContinuousClock.Instant? { state.withLock { $0.cancelledAt } }

    /// Whether `start(completion:)` has been called (tests cancel mid-flight by this, not by a timer).
    public var isStarted: Bool { state.withLock { $0.completion != nil } }

    /// Calls the completion exactly once, whichever comes first: the end or a cancel.
    private func finish(_ result: Result<Int, any Error>) {
        let completion = state.withLock { state -> (@Sendable (Result<Int, any Error>) -> Void)? in
            guard !state.finished, let completion = state.completion else { return nil }
            state.finished = true
            return completion
        }
        completion?(result)
    }
}
