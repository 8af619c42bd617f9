import Foundation
import LabCore

/// Runs an answer's code in a task on a `WakeWatch` and holds still for a while, counting what
/// stirred it (see Stirrings). Start it from the check's own task (the pool watch leaves that
/// task out), once per check: `StillnessWatch()` calibrates what the check's own sleep costs.
final class StillnessWatch: Sendable {
    /// Whether the pool is watched here (the runtime's hook found): else `pooled` stays 0.
    let poolWatched: Bool
    /// The pool's wake-ups while nothing but the check's own sleep went on (none on Linux, where
    /// the check's task is left out; a runtime may wake a sleep through a job of its own).
    private let ownWakes: Int
    /// Whether the answer's timers are seen here (see AnswerTimers): the check's own sleep below
    /// arms one through the channel where the runtime's timers reach it. Else the readings after
    /// the event forgive no pool wake (`Stirrings.byTheAnswersTimers` stays nil).
    private let timersSeen: Bool

    init() async {
        poolWatched = PoolWakes.watch()
        _ = PoolWakes.mark()
        let armed = AnswerTimers.armedHere
        try? await Task.sleep(for: .milliseconds(20))
        ownWakes = PoolWakes.mark()
        timersSeen = poolWatched && AnswerTimers.armedHere > armed
    }

    /// What stirred the answer's code while the check runs `body` (its own quiet wait, nothing
    /// changing): its tasks woken again on the pool, on whichever actor (a main-actor task's sleeps
    /// wake through the pool on Linux; always 0 where the pool is not watched), the tasks it began
    /// (a chain of main-actor tasks, each looking once, reaches no pool), the CPU it used. Code that
    /// waits for an event does none of these; code that looks again and again, one at least.
    func stirrings<T>(isolation: isolated (any Actor)? = #isolation, during body: () async -> T) async -> (
        result: T, stirrings: Stirrings
    ) {
        _ = PoolWakes.mark()
        let start = StillnessReading()
        let result = await body()
        let pooled = poolWatched ? max(0, PoolWakes.mark() - ownWakes) : 0
        return (result, start.stirrings(until: StillnessReading(), pooled: pooled))
    }

    /// What the watch reads at each end of a quiet spell, besides the pool's wakes (counted from a
    /// mark): the tasks begun, the CPU the process used (what the answer's code computed while it
    /// should have waited: a loop that hops onto an actor and back on one thread reaches no
    /// queue), how long its threads wanted a CPU (the same loop's measure on a crowded CPU), and
    /// the clock. Named apart from any type an answer may declare: the scan refuses an
    /// answer's declaration of a name the support has (`Reading` was a test's).
    private struct StillnessReading: Sendable {
        var begun = TasksBegun.count
        var cpu = Duration.seconds(processCPUSeconds())
        var runnable = processRunnableSeconds()
        var at = ContinuousClock.now

        /// What stirred the answer's code between this reading and `end`. Of the wakes from outside
        /// (`timers`), those handed over in no task (`ends`, see `WakeWatch.Wakes.byAnEnd`) are
        /// forgiven up to `Stirrings.endsAllowed`: the ends of tasks the answer began.
        func stirrings(until end: StillnessReading, timers: Int = 0, ends: Int = 0, spins: Int = 0, pooled: Int)
            -> Stirrings
        {
            var stirrings = Stirrings(
                spins: spins, byAnEnd: ends, pooled: pooled, begun: end.begun - begun, cpu: end.cpu - cpu,
                wanted: runnable.flatMap { start in end.runnable.map { .seconds(max(0, $0 - start)) } },
                lasted: at.duration(to: end.at))
            stirrings.timers = timers - min(ends, stirrings.endsAllowed)
            return stirrings
        }
    }

    /// The closing reading a Dispatch timer takes at a hold's deadline. The count of wakes stops at
    /// the deadline whenever the check reads it (see WakeWatch), and so does the count of tasks begun
    /// (CheckChannel); the CPU used cannot be read after the fact. The wait's own closing reading
    /// comes as the first wake past the deadline arrives, before its job runs, or 100 ms past it:
    /// where the event the check lets come after the hold wakes code that is not on the watch (the
    /// main actor, a task of the answer's own), what that code does in answer to it would count.
    /// So the earlier of the two readings closes the hold. A busy machine may fire the timer late;
    /// then the wait's reading may still be the earlier one.
    private final class ReadingAtTheDeadline: Sendable {
        private let reading = Locked<StillnessReading?>(nil)

        init(_ deadline: ContinuousClock.Instant) {
            let left = max(.zero, ContinuousClock.now.duration(to: deadline))
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(left.seconds * 1e9))) {
                [reading] in
                reading.withLock { $0 = $0 ?? StillnessReading() }
            }
        }

        /// This reading if it was taken before `end`, else `end`.
        func earlier(than end: StillnessReading) -> StillnessReading {
            guard let taken = reading.withLock({ $0 }), taken.at < end.at else { return end }
            return taken
        }
    }

    /// Starts `operation` on a watch, holds still for `hold` (the check's event withheld meanwhile),
    /// and returns its task with what stirred it. The hold ends early once the task was woken
    /// from outside or ran by itself more than a few times (the verdict is known then), unless
    /// `endingWhenStirred` is false: a check that also judges what the answer did during the
    /// whole hold (24: an answer that guessed while the rendering was still going).
    func hold<T: Sendable>(
        _ hold: Duration, endingWhenStirred: Bool = true, _ operation: @escaping @Sendable () async -> T
    ) async -> (task: Task<T, Never>, stirrings: Stirrings) {
        await self.hold(hold, from: nil, endingWhenStirred: endingWhenStirred, operation)
    }

    /// As `hold(_:_:)`, counting from the moment `ready` opens instead of from the start: for a
    /// wait that comes after work of the answer's own that wakes it (22: the thumbnails load, then
    /// the cache write is awaited). If the operation ends first, the count starts as it ends.
    func hold<T: Sendable>(
        _ hold: Duration, from ready: Gate?, endingWhenStirred: Bool = true,
        _ operation: @escaping @Sendable () async -> T
    ) async -> (task: Task<T, Never>, stirrings: Stirrings) {
        let (task, stirrings, _, _) = await watchedHold(
            hold, from: ready, endingWhenStirred: endingWhenStirred, operation)
        return (task, stirrings)
    }

    /// As `hold(_:from:_:)`, then lets the withheld event come (`letGo`) and awaits the answer's
    /// task, counting what woke its code until the task ended (`afterwards`): on the watch from
    /// the hold's end (see `WakeWatch.countAgain`), on the pool from the moment it lets the event
    /// come. Code
    /// that awaited the event is woken by the event, handed on by the program's tasks, and by the
    /// end of a task it awaited (22: the check lets the cache write go, and the write's task, ending,
    /// wakes the handler), none of which counts here (`WakeWatch.Wakes.byAnEnd`); code that slept
    /// instead is woken by its timer, however long it slept (a sleep that ends before the event
    /// lets it go on without it, which the check sees in what it wrote). By structure, not by the
    /// clock: a busy machine that stalls a correct answer after the event adds time, not a wake.
    /// The CPU used then is not judged: a loop that looks again and again shows in the hold, a
    /// stalled thread uses none, and a stand-in for one (22's alternative) uses its CPU.
    func holdThenLetGo<T: Sendable>(
        _ hold: Duration, from ready: Gate?, letGo: @Sendable () -> Void, _ operation: @escaping @Sendable () async -> T
    ) async -> (result: T, held: Stirrings, afterwards: Stirrings) {
        let (task, held, watch, outOfSight) = await watchedHold(
            hold, from: ready, endingWhenStirred: true, operation)
        // Counting afresh, with no end: what the answer does from here is its answer to the event,
        // and what woke it past the hold too.
        let since = watch.countAgain()
        _ = PoolWakes.mark()
        let begun = TasksBegun.count
        let lettingGo = ContinuousClock.now
        letGo()
        let result = await task.value
        return (
            result, held,
            await stirrings(on: watch, since: since, begun: begun, outOfSight: outOfSight, from: lettingGo)
        )
    }

    /// As `holdThenLetGo(_:from:letGo:_:)` from the start, judging the whole hold (`endingWhenStirred`
    /// false: what the answer returned during it is judged too), and giving the answer `bound` after
    /// the event to end: `result` is nil if it did not (24: an answer that awaits the other renderings
    /// too never ends here). What woke it after the event is read then, ended or not: a sleep after
    /// the rendering's end (the starting code's 20 ms kept after the await, or 250 ms "to settle")
    /// wakes it by its timer, and returned in time (an audit's, helper 192).
    func holdThenLetGo<T: Sendable>(
        _ hold: Duration, endingWhenStirred: Bool, within bound: Duration, letGo: @Sendable () -> Void,
        _ operation: @escaping @Sendable () async -> T
    ) async -> (result: T?, held: Stirrings, afterwards: Stirrings) {
        let (task, held, watch, outOfSight) = await watchedHold(
            hold, from: nil, endingWhenStirred: endingWhenStirred, operation)
        let since = watch.countAgain()
        _ = PoolWakes.mark()
        let begun = TasksBegun.count
        let lettingGo = ContinuousClock.now
        letGo()
        let result = await within(bound) { await task.value }
        return (
            result, held,
            await stirrings(on: watch, since: since, begun: begun, outOfSight: outOfSight, from: lettingGo)
        )
    }

    /// Runs `operation` on a watch to its end, nothing held back, and counts what woke its code
    /// meanwhile besides the end of a task it awaited: for work the answer hands off and awaits,
    /// whose end is the only event (21: the hashing, off the main actor). Code that awaits the work
    /// is woken by its end alone (or by the end of a task that awaited it, `WakeWatch.Wakes.byAnEnd`);
    /// code that looks for the result again and again is woken by each pause between looks (a
    /// timer, a task, a queue), or runs again and again (a yield, a hop), however the pause is
    /// spelled. The CPU is not judged here: the work's own is the answer's.
    func watchToTheEnd<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async -> (
        result: T, stirrings: Stirrings
    ) {
        let watch = WakeWatch()
        // Counting with no end, from before the answer starts.
        let since = watch.countAgain()
        _ = PoolWakes.mark()
        let begun = TasksBegun.count
        let outOfSight = AnswerTimers.outOfSight
        let start = ContinuousClock.now
        let task = Task(executorPreference: watch) {
            PoolWakes.countFromTheFirstWake()
            return await operation()
        }
        let result = await task.value
        return (result, await stirrings(on: watch, since: since, begun: begun, outOfSight: outOfSight, from: start))
    }

    /// What stirred the code on `watch` since its counts were `since` (and `begun` tasks had
    /// begun, at `start`), besides the end of a task it awaited; read once every task the answer
    /// made is recorded (see WakeWatch.settledWakes). Of the pool's wakes, those the answer's timers
    /// handed over, and the timers it armed out of the channel's sight since it began (from
    /// `outOfSight`: a sleep with a tolerance armed before the event and ending after it too).
    private func stirrings(
        on watch: WakeWatch, since: WakeWatch.Wakes, begun: Int, outOfSight: Int,
        from start: ContinuousClock.Instant
    ) async -> Stirrings {
        await TasksBeingMade.recorded()
        let wakes = watch.settledWakes()
        let pool = poolWatched ? PoolWakes.markCountingTimers() : (woken: 0, byTimers: 0)
        return Stirrings(
            timers: (wakes.fromOutside - wakes.byAnEnd) - (since.fromOutside - since.byAnEnd),
            spins: wakes.fromItself - since.fromItself, byAnEnd: wakes.byAnEnd - since.byAnEnd,
            pooled: pool.woken,
            byTheAnswersTimers: timersSeen ? pool.byTimers + (AnswerTimers.outOfSight - outOfSight) : nil,
            begun: TasksBegun.count - begun, lasted: start.duration(to: .now))
    }

    /// `hold(_:from:endingWhenStirred:_:)`, with the watch its task ran on and the count of the
    /// answer's timers out of sight as it began (see AnswerTimers).
    private func watchedHold<T: Sendable>(
        _ hold: Duration, from ready: Gate?, endingWhenStirred: Bool,
        _ operation: @escaping @Sendable () async -> T
    ) async -> (task: Task<T, Never>, stirrings: Stirrings, watch: WakeWatch, outOfSight: Int) {
        let watch = WakeWatch()
        // From before the answer starts: every task the program makes counts from its first wake.
        _ = PoolWakes.mark()
        var begunBefore = TasksBegun.count
        // The hold's end, fixed before the answer starts (see WakeWatch): an event the check lets
        // come `hold` or more after the answer began comes past it, however late this task gets
        // its thread back or the watch's timer fires on a busy machine.
        var deadline = ContinuousClock.now + hold
        if ready == nil {
            watch.count(until: deadline)
            PoolWakes.count(until: deadline)
        }
        let outOfSight = AnswerTimers.outOfSight
        let task = Task(executorPreference: watch) {
            PoolWakes.countFromTheFirstWake()
            let result = await operation()
            ready?.open()
            return result
        }
        if let ready {
            await ready.wait()
            // Afresh from here: the answer's work before the wait woke its tasks.
            _ = PoolWakes.mark()
            begunBefore = TasksBegun.count
            // What the check keeps back after the gate it lets go itself, after the hold.
            deadline = ContinuousClock.now + hold
            watch.count(until: deadline)
            PoolWakes.count(until: deadline)
        }
        let started = watch.wakes
        let atTheDeadline = ReadingAtTheDeadline(deadline)
        // The tasks begun are counted from before the answer started (or from the gate's opening).
        let start = StillnessReading(begun: begunBefore)
        let meanwhile: WakeWatch.Wakes
        let pooled: Int
        let end: StillnessReading
        if endingWhenStirred {
            // No sleep of the check's own in this wait: nothing of its own to take off the pool's count.
            let watched = poolWatched
            // What Stirrings allows, with the tasks begun by the time of each wake.
            let begunFrom = begunBefore
            (meanwhile, (pooled, end)) = await watch.wait(
                since: started,
                allowed: {
                    let allowed = Stirrings(begun: TasksBegun.count - begunFrom)
                    return WakeWatch.Allowance(runs: allowed.spinsAllowed, ends: allowed.endsAllowed)
                }
            ) {
                (watched ? PoolWakes.mark() : 0, StillnessReading())
            }
        } else {
            try? await Task.sleep(until: deadline, clock: .continuous)
            // The counts of the deadline, however late the sleep ended. The check's own sleep is not
            // taken off: it wakes at the deadline or after, which the pool's count no longer counts
            // (where a runtime wakes it through a pool job, taking it off would forgive the answer one).
            meanwhile = watch.wakes
            pooled = poolWatched ? PoolWakes.mark() : 0
            end = StillnessReading()
        }
        // The turns of idle actors its own hops handed over are runs of its own (see WakeWatch.Wakes).
        let turns = meanwhile.actorTurns - started.actorTurns
        return (
            task,
            start.stirrings(
                until: atTheDeadline.earlier(than: end),
                timers: meanwhile.fromOutside - started.fromOutside - turns,
                ends: meanwhile.byAnEnd - started.byAnEnd - turns,
                spins: meanwhile.fromItself - started.fromItself + turns, pooled: pooled),
            watch, outOfSight
        )
    }
}
