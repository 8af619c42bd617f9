/// That a child process has ended, for async code to await without holding a thread.
///
/// `Process.terminationHandler` calls `signal()` (on a thread of Foundation's); tasks
/// waiting in `ended()` suspend until then. This replaces polling `isRunning` with
/// `usleep` or calling `waitUntilExit()`, both of which hold a thread of the cooperative
/// pool for as long as the child runs (up to ten minutes for a build).
final class ProcessExit: Sendable {
    private struct State {
        var ended = false
        var nextWaiter: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// Wakes every waiter, now and later.
    func signal() {
        let waiters = state.withLock { state in
            state.ended = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the process has ended.
    func ended() async {
        await wait(untilCancelled: false)
    }

    /// Whether the process ended within `timeout` (false also when the task was cancelled).
    func ended(within timeout: Duration) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.wait(untilCancelled: true)
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Suspends until `signal()`, or, when `untilCancelled`, until the task is cancelled.
    private func wait(untilCancelled: Bool) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.ended || (untilCancelled && Task.isCancelled) { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            // The handler may run before the continuation is stored; the check above covers that.
            guard untilCancelled else { return }
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
