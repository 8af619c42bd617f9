import LabCore

/// A confirmation a test can await. Swift Testing's `confirmation(expectedCount:)` checks,
/// when its closure returns, that `confirm()` was called exactly that many times; it does not
/// wait, so the closure itself must await the event. A lesson cannot run Swift Testing, so
/// this is the same count with the waiting built in: `fulfilled()` returns once `confirm()`
/// was called `expectedCount` times, and the test then checks the count is exact.
final class Confirmation: Sendable {
    let expectedCount: Int
    private let state = Locked(State())

    private struct State: Sendable {
        var count = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    init(expectedCount: Int) { self.expectedCount = expectedCount }

    var count: Int { state.withLock { $0.count } }

    func confirm() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count += 1
            guard state.count >= expectedCount else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        // Resumed outside the lock: a resumed task may confirm again at once.
        for waiter in ready { waiter.resume() }
    }

    /// Returns once `confirm()` has been called `expectedCount` times (at once if it already was).
    func fulfilled() async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state -> Bool in
                if state.count >= expectedCount { return true }
                state.waiters.append(continuation)
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
