import CheckChannel
import Foundation
import LabCore

/// Runs one task's jobs on a serial queue of its own and counts what woke the task up, so a
/// check can tell an answer that waits for an event from one that polls, by structure rather
/// than by timing. Given as the task's executor preference (SE-0417, `Task(executorPreference:)`),
/// it runs the task's nonisolated code and the default actors the task enters while free.
/// A wake-up that the task asks for (a hop, its return from the main actor or another actor, a
/// `Task.yield()`), or that a task of the program's sends it (a worker's reply), is `fromItself`;
/// any other is `fromOutside`: the task's start, a timer its sleep set, a task it awaited
/// finishing, a continuation resumed. A task that awaits an event is woken from outside once,
/// by the event; one that sleeps and looks again, once per look.
final class WakeWatch: TaskExecutor {
    struct Wakes: Equatable, Sendable {
        var fromItself = 0
        var fromOutside = 0
    }
    private struct State: Sendable {
        /// The thread running one of this executor's jobs (jobs run one at a time), if any.
        var running: ObjectIdentifier?
        var wakes = Wakes()
        /// The check waiting until the task is stirred past `since` or its time is up (`wait`): it
        /// is ended with the counts of that moment.
        var waiter: (since: Wakes, end: @Sendable (Wakes) -> Void)?
    }
    private let queue = DispatchQueue(label: "lab.check.wake-watch")
    private let state = Locked(State())

    /// Stirred past `since` as `Stirrings` judges it: woken from outside once, or by itself more
    /// than a few times.
    private static func stirred(_ wakes: Wakes, since: Wakes) -> Bool {
        wakes.fromOutside > since.fromOutside || wakes.fromItself - since.fromItself > 4
    }

    /// Suspends for `duration`, or until the task is stirred past `since`, whichever comes first,
    /// and returns the counts of that moment with `extra`, read then too: an answer caught looking
    /// again need not spin on for the rest of the hold (one that yielded in a loop burned both
    /// CPUs for it), and an event the check lets go just after the hold (17's handler, 30 ms
    /// later) is not counted however late the check's own task gets a thread again. Ended from a
    /// Dispatch thread or from the wake itself, never by a task of the check's, which the pool's
    /// watch would count.
    func wait<Extra: Sendable>(
        atMost duration: Duration, since: Wakes, alsoReading extra: @escaping @Sendable () -> Extra
    ) async -> (wakes: Wakes, extra: Extra) {
        await withCheckedContinuation { continuation in
            let end: @Sendable (Wakes) -> Void = { wakes in continuation.resume(returning: (wakes, extra())) }
            let stirredAlready = state.withLock { state -> Wakes? in
                if Self.stirred(state.wakes, since: since) { return state.wakes }
                state.waiter = (since, end)
                return nil
            }
            if let stirredAlready { return end(stirredAlready) }
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(duration.seconds * 1e9))) {
                let ending = self.state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
                    defer { state.waiter = nil }
                    return state.waiter.map { (state.wakes, $0.end) }
                }
                if let (wakes, end) = ending { end(wakes) }
            }
        }
    }

    var wakes: Wakes { state.withLock { $0.wakes } }

    func enqueue(_ job: consuming ExecutorJob) {
        // Thread.current in a synchronous function: the thread this enqueue is made on.
        let caller = ObjectIdentifier(Thread.current)
        let job = UnownedJob(job)
        // The task hopping back of itself (from the main actor, say: see lab_check_hopping_task).
        // A task is its own job, and UnownedJob is that one pointer: the bit cast reads it.
        let hoppingBack = lab_check_hopping_task() == unsafeBitCast(job, to: UnsafeRawPointer.self)
        // Or sent a message by a task of the program's (a worker's reply to a request the task made):
        // what woke that task, if it is a timer or a callback, is counted where it happened.
        let sent = !hoppingBack && lab_check_sent_by_the_program() != 0
        let ending = state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
            if state.running == caller || hoppingBack || sent {
                state.wakes.fromItself += 1
            } else {
                state.wakes.fromOutside += 1
            }
            guard let waiter = state.waiter, Self.stirred(state.wakes, since: waiter.since) else { return nil }
            state.waiter = nil
            return (state.wakes, waiter.end)
        }
        if let (wakes, end) = ending { end(wakes) }
        queue.async {
            self.state.withLock { $0.running = ObjectIdentifier(Thread.current) }
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.state.withLock { $0.running = nil }
        }
    }
}
