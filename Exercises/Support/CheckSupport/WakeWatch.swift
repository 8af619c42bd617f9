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
///
/// The count ends at a moment by the clock (`count(until:)`), fixed before the answer starts, not
/// when the check gets around to reading it: a wake enqueued at or after it is past the hold and
/// not counted (a check that lets its event come after the hold counts it then: `countAgain`). An
/// event that comes by its own timer just after a hold (01's work, 17's and 18's handlers; 10's
/// download did, 50 ms after it) is then never the answer's fault: on a busy machine the hold's
/// timer ran late, or the check's task got its thread late to arm it, and 10's download's
/// completion was counted as a wake from outside (the reference solution failed once in each of an
/// audit's three class gradings).
final class WakeWatch: TaskExecutor {
    struct Wakes: Equatable, Sendable {
        var fromItself = 0
        var fromOutside = 0
        /// Of those from outside, the ones handed over while no task ran on the thread: a task the
        /// task awaited, ending (the runtime's completeTask clears the thread's running task before
        /// it wakes the task's waiters), or code outside any task (a Dispatch callback, a thread, a
        /// signal: where a check's scan refuses them all, as 22's does, a task's end). A sleep's
        /// timer wakes it from the runtime's own task, which is running then.
        var byAnEnd = 0
        /// Of those by an end, the turns of an idle actor that the task's own hop onto it handed
        /// over (see lab_check_handed_by_a_hop): runs of its own, which a hold counts as such. Kept
        /// among those from outside elsewhere, as they always were (21's answer that awaits an
        /// actor per photo hops onto it a dozen times, which a watch to the end does not judge).
        var actorTurns = 0
    }
    private struct State: Sendable {
        /// The thread running one of this executor's jobs (jobs run one at a time), if any.
        var running: ObjectIdentifier?
        var wakes = Wakes()
        /// The end of the count (`count(until:)`): what is enqueued from then on is not counted.
        var until: ContinuousClock.Instant?
        /// What came past `until`, kept apart: a check that lets its event come after the hold
        /// counts it as the answer's (`countAgain`), since nothing of the check's has come yet.
        var pastTheHold = Wakes()
        /// Counting again after the hold (`countAgain`).
        var afterTheHold = false
        /// The tasks that handed over the wakes from outside past the hold or after it, by id:
        /// see `settledWakes`.
        var outsideFromTasks: [UInt32] = []
        /// The check waiting until the task is stirred past `since` or its time is up (`wait`): it
        /// is ended with the counts of that moment.
        var waiter: (since: Wakes, allowed: @Sendable () -> Allowance, end: @Sendable (Wakes) -> Void)?
    }
    private let queue = DispatchQueue(label: "lab.check.wake-watch")
    private let state = Locked(State())

    /// What a hold forgives the task, as `Stirrings` judges it, read as each wake comes (the tasks
    /// begun so far allow more): runs of its own, and wakes from outside handed over in no task
    /// (`Wakes.byAnEnd`), the ends of tasks it began.
    struct Allowance: Sendable {
        var runs: Int
        var ends: Int
    }

    /// Stirred past `since` as `Stirrings` judges it: woken from outside once more than the ends
    /// allowed, or by itself more than the runs allowed. A fixed 4 runs and no end ended holds that
    /// Stirrings then judged still: a wrong buyer in 29 that began an async let and then yielded in
    /// a loop passed, its hold ended at a fifth run that the verdict allowed (six for a task begun).
    private static func stirred(_ wakes: Wakes, since: Wakes, allowed: Allowance) -> Bool {
        let turns = wakes.actorTurns - since.actorTurns
        let ends = min(wakes.byAnEnd - since.byAnEnd - turns, allowed.ends)
        return wakes.fromOutside - since.fromOutside - turns > ends
            || wakes.fromItself - since.fromItself + turns > allowed.runs
    }

    /// Counts the wakes enqueued before `deadline` only, from now on: call it before the answer's
    /// task starts (or before the moment counted from), so that the deadline cannot come later
    /// than the event a check lets come `hold` or more after that start.
    func count(until deadline: ContinuousClock.Instant) {
        state.withLock { $0.until = deadline }
    }

    /// How long past the deadline the watch's own timer ends a wait that nothing else ended: a wake
    /// past the deadline ends it sooner, before that wake's job runs. So the event that 01, 17 and
    /// 18 let come 30–50 ms after their holds ends each of those holds on every run, however
    /// quiet the machine, and `lab exercises --verify` proves on every run that it is not counted,
    /// rather than a busy machine finding out.
    static let pastTheDeadline = Duration.milliseconds(100)

    /// Suspends until the deadline set by `count(until:)` (which it needs), or until the task is
    /// stirred past `since`, whichever comes first, and returns the counts of that moment with
    /// `extra`, read then too: an answer caught looking again need not spin on for the rest of the
    /// hold (one that yielded in a loop burned both CPUs for it). The counts stop at the deadline
    /// whenever the wait ends; `extra` is read as the first wake past the deadline comes (before
    /// its job runs), or as the watch's timer fires `pastTheDeadline` later, or at once when the
    /// check came here after the deadline. Ended from a Dispatch thread or from the wake itself,
    /// never by a task of the check's, which the pool's watch would count.
    func wait<Extra: Sendable>(
        since: Wakes, allowed: @escaping @Sendable () -> Allowance, alsoReading extra: @escaping @Sendable () -> Extra
    ) async -> (wakes: Wakes, extra: Extra) {
        await withCheckedContinuation { continuation in
            let end: @Sendable (Wakes) -> Void = { wakes in continuation.resume(returning: (wakes, extra())) }
            let now = ContinuousClock.now
            let (endedAlready, until) = state.withLock { state -> (Wakes?, ContinuousClock.Instant) in
                let until = state.until ?? now
                if Self.stirred(state.wakes, since: since, allowed: allowed()) || now >= until {
                    return (state.wakes, until)
                }
                state.waiter = (since, allowed, end)
                return (nil, until)
            }
            if let endedAlready { return end(endedAlready) }
            let backstop = now.duration(to: until) + Self.pastTheDeadline
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(backstop.seconds * 1e9))) {
                let ending = self.state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
                    defer { state.waiter = nil }
                    return state.waiter.map { (state.wakes, $0.end) }
                }
                if let (wakes, end) = ending { end(wakes) }
            }
        }
    }

    var wakes: Wakes { state.withLock { $0.wakes } }

    /// `wakes`, with those from outside past the hold or after it that a task the program made
    /// handed over counted as sent, read when asked rather than as they came: a task is recorded as
    /// the program's as its maker's `swift_task_create` returns, and one that began at once on
    /// another thread (a main-actor task made in a download's handler) resumed the continuation
    /// before that, and was counted a wake from outside (10's main-actor alternative, 1 run in 2 on
    /// two cores, most runs on one CPU beside a busy process). Ask once no task is being made
    /// (`TasksBeingMade.recorded`). The runtime's own tasks (a sleep's timer) are never the program's.
    func settledWakes() -> Wakes {
        state.withLock { state in
            var wakes = state.wakes
            let sent = state.outsideFromTasks.filter { lab_check_made_by_the_program($0) != 0 }.count
            wakes.fromOutside -= sent
            wakes.fromItself += sent
            return wakes
        }
    }

    private static func tally(_ wakes: inout Wakes, ofItself: Bool, inNoTask: Bool, actorTurn: Bool) {
        if actorTurn {
            wakes.fromOutside += 1
            wakes.byAnEnd += 1
            wakes.actorTurns += 1
        } else if ofItself {
            wakes.fromItself += 1
        } else {
            wakes.fromOutside += 1
            if inNoTask { wakes.byAnEnd += 1 }
        }
    }

    /// Counts every wake from now on, with no end, and returns the hold's counts to count from:
    /// after a hold whose event the check still keeps back, what woke the task from the hold's end
    /// on. The wakes past the hold's end are counted too, with what comes next: before the check
    /// lets its event come, nothing of the check's can wake the task, and a look that came just
    /// past the hold (the first wake past it ends the check's wait, before its job runs) may read
    /// the event's result once the check has let it come, waking no more.
    func countAgain() -> Wakes {
        state.withLock { state in
            state.until = nil
            state.afterTheHold = true
            let hold = state.wakes
            state.wakes.fromItself += state.pastTheHold.fromItself
            state.wakes.fromOutside += state.pastTheHold.fromOutside
            state.wakes.byAnEnd += state.pastTheHold.byAnEnd
            state.wakes.actorTurns += state.pastTheHold.actorTurns
            state.pastTheHold = Wakes()
            return hold
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        // Thread.current in a synchronous function: the thread this enqueue is made on.
        let caller = ObjectIdentifier(Thread.current)
        let job = UnownedJob(job)
        // The task hopping back of itself (from the main actor, say: see lab_check_hopping_task).
        // A task is its own job, and UnownedJob is that one pointer: the bit cast reads it.
        let pointer = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let hoppingBack = lab_check_hopping_task() == pointer
        // Or the turn of an idle actor the task hops onto, handed over by that hop.
        let byAHop = !hoppingBack && lab_check_handed_by_a_hop(pointer) != 0
        // Or sent a message by a task of the program's (a worker's reply to a request the task made):
        // what woke that task, if it is a timer or a callback, is counted where it happened.
        let sent = !hoppingBack && lab_check_sent_by_the_program() != 0
        let inNoTask = withUnsafeCurrentTask { $0 == nil }
        var senderID: UInt32 = 0
        let sender: UInt32? = lab_check_running_task_id(&senderID) != 0 ? senderID : nil
        // Read before the lock: the moment of the wake, not of the lock's coming free.
        let now = ContinuousClock.now
        let ending = state.withLock { state -> (Wakes, @Sendable (Wakes) -> Void)? in
            let ofItself = state.running == caller || hoppingBack || sent
            let actorTurn = !ofItself && byAHop
            let past = state.afterTheHold || state.until.map { now >= $0 } ?? false
            if past, !ofItself, let sender { state.outsideFromTasks.append(sender) }
            if let until = state.until, now >= until {
                // Past the hold: kept apart (see countAgain), and it ends a wait still going with
                // the counts it had.
                Self.tally(&state.pastTheHold, ofItself: ofItself, inNoTask: inNoTask, actorTurn: actorTurn)
                guard let waiter = state.waiter else { return nil }
                state.waiter = nil
                return (state.wakes, waiter.end)
            }
            Self.tally(&state.wakes, ofItself: ofItself, inNoTask: inNoTask, actorTurn: actorTurn)
            guard let waiter = state.waiter,
                Self.stirred(state.wakes, since: waiter.since, allowed: waiter.allowed())
            else { return nil }
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
