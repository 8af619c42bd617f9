import Foundation

/// The three kinds of work a lesson simulates, each honest about what it does to a thread.
public enum WorkKind: String, Sendable, Codable, CaseIterable {
    /// `Task.sleep`: the task suspends and gives its thread back to the executor.
    case suspending
    /// A synchronous wait that really holds its thread, like `Thread.sleep` in the sources.
    case blocking
    /// Deterministic computation that keeps a core busy.
    case cpu
    /// Any other step a lesson traces (narration, bookkeeping, a whole function).
    case step
}

/// Simulated work on the scaled clock.
///
/// Why three kinds: the sources use `Thread.sleep` to stand for "slow work", but
/// blocking a thread and suspending a task look alike in a timeline and behave
/// completely differently on a 2-core executor. The lab names the difference.
public struct SimulatedWork: Sendable {
    public let scale: TimeScale
    /// Told as each suspension starts (`true`) and ends (`false`): how an exercise's check counts
    /// the waits it gave the answer. Private, so the code handed this work cannot call it.
    private let observer: (@Sendable (_ starting: Bool) -> Void)?
    /// Awaited as each suspension's time is up, before it ends: where a check holds the work back
    /// for as long as it watches what the waiting code does meanwhile. Private, as the observer.
    private let heldBack: (@Sendable () async -> Void)?

    public init(
        scale: TimeScale, observer: (@Sendable (_ starting: Bool) -> Void)? = nil,
        heldBack: (@Sendable () async -> Void)? = nil
    ) {
        self.scale = scale
        self.observer = observer
        self.heldBack = heldBack
    }

    /// Suspends the current task for `seconds` of source time. Frees the thread.
    /// Throws `CancellationError` if the task is cancelled while it waits.
    public func suspend(sourceSeconds seconds: Double) async throws {
        observer?(true)
        defer { observer?(false) }
        try await Task.sleep(for: scale.duration(sourceSeconds: seconds))
        await heldBack?()
    }

    /// Holds the calling thread for `seconds` of source time, like `Thread.sleep`.
    ///
    /// This is deliberately a *synchronous* function: Swift 6 makes `Thread.sleep`
    /// unavailable from async code, but any synchronous function that blocks can
    /// still be called from it. That is exactly the hazard the lessons show.
    public func block(sourceSeconds seconds: Double) {
        ThreadBlocker.hold(for: scale.duration(sourceSeconds: seconds))
    }
}

/// Holds the current OS thread without spinning.
public enum ThreadBlocker {
    public static func hold(for duration: Duration) {
        let deadline = ContinuousClock.now + duration
        // nanosleep can wake early on a signal; loop until the deadline really passed.
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return }
            let (seconds, attoseconds) = remaining.components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            _ = nanosleep(&request, nil)
        }
    }
}
