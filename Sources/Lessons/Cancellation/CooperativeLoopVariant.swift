import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// A CPU loop after `cancel()`: it runs on unless it checks.
enum CooperativeLoopVariant {
    /// Measured outcome of one cancelled loop.
    struct Outcome: Sendable {
        let chunksDone: Int
        let chunks: Int
        /// From cancel() to the task's end: negative when the task ended before cancel() was called.
        let stopLatency: Double
        /// The OS threads the loop ran on and the code that called cancel() ran on: the same one
        /// when the executor had one thread for both (one CPU), and then that code waited for the loop.
        var loopThread: UInt64? = nil
        var cancellerThread: UInt64? = nil
        var cancelledFromLoopThread: Bool { loopThread != nil && loopThread == cancellerThread }
        /// How long the loop ran on after cancel(): none, if it had ended before.
        var ranOnAfterCancel: Double { max(0, stopLatency) }
    }

    /// The table's cell: how long the loop ran on after cancel(), or that it had ended before.
    static func ranOnCell(_ outcome: Outcome) -> String {
        outcome.stopLatency > 0
            ? outcome.stopLatency.formattedAsDuration
            : "none: ended \((-outcome.stopLatency).formattedAsDuration) before"
    }

    static let variant = LessonVariant("cooperative", title: "Cooperative: a CPU loop that checks vs one that does not")
    { context in
        let console = context.console
        let work = context.scale.duration(sourceSeconds: 4)
        console.paragraph(
            """
            A thumbnail renderer runs a CPU loop sized for \(context.stated(seconds: work.seconds)) in 100 chunks. The code that \
            cancels it sleeps for a tenth of that, \(context.stated(seconds: (work / 10).seconds)) at least, then calls cancel(); \
            the table says whether that came before the loop ended. One version checks Task.isCancelled \
            between chunks; the other never looks. Nothing in the loop suspends, so nothing else can stop it.
            """)
        let unchecked = await cancelledLoop(work: work, checks: false, probe: context.probe)
        let checked = await cancelledLoop(work: work, checks: true, probe: context.probe)
        var table = Table(headers: ["loop", "chunks done", "ran on after cancel()"], rightAligned: [1, 2])
        table.append(["never checks", "\(unchecked.chunksDone)/\(unchecked.chunks)", ranOnCell(unchecked)])
        table.append(["checks each chunk", "\(checked.chunksDone)/\(checked.chunks)", ranOnCell(checked)])
        console.table(table)
        // How long a loop ran on after cancel() is never negative: a loop that ended first ran on
        // for none, and how long before cancel() it ended is a figure of its own (below).
        context.record(
            "unchecked_latency_seconds", "never checks: ran on after cancel()", seconds: unchecked.ranOnAfterCancel)
        context.record("unchecked_chunks", "never checks: chunks done", count: unchecked.chunksDone)
        context.record("checked_latency_seconds", "checks: ran on after cancel()", seconds: checked.ranOnAfterCancel)
        context.record("checked_chunks", "checks: chunks done", count: checked.chunksDone)
        // A loop that ended before cancel() was called: how long before, as a figure of its own.
        if unchecked.stopLatency <= 0 {
            context.record(
                "unchecked_ended_before_seconds", "never checks: ended before cancel() by",
                seconds: -unchecked.stopLatency)
        }
        if checked.stopLatency <= 0 {
            context.record(
                "checked_ended_before_seconds", "checks: ended before cancel() by", seconds: -checked.stopLatency)
        }
        context.record(
            "unchecked_cancelled_on_loop_thread", "never checks: cancel() was called on the loop's own thread",
            flag: unchecked.cancelledFromLoopThread)
        context.record(
            "checked_cancelled_on_loop_thread", "checks: cancel() was called on the loop's own thread",
            flag: checked.cancelledFromLoopThread)
        console.paragraph(narrate(unchecked: unchecked, checked: checked, cpus: UsableCPUs.count))
    }

    /// The sentences, from the run: a loop may end before cancel() is even called, when the code
    /// that cancels waits for the thread the loop holds (measured on one CPU: both loops did all
    /// their chunks and ended before cancel(), and that code ran on the loops' thread).
    static func narrate(unchecked: Outcome, checked: Outcome, cpus: Int) -> String {
        func before(_ outcome: Outcome) -> String { (-outcome.stopLatency).formattedAsDuration }
        var text =
            unchecked.stopLatency > 0
            ? "The loop that never checks did all \(unchecked.chunksDone) chunks and ended \(unchecked.stopLatency.formattedAsDuration) after cancel(). "
            : "The loop that never checks ended before cancel() was even called (\(before(unchecked)) before), all \(unchecked.chunksDone) chunks done. "
        if checked.stopLatency <= 0 {
            text +=
                "So did the one that checks (\(before(checked)) before, \(checked.chunksDone) of \(checked.chunks) chunks): it never saw the flag. "
        } else if checked.chunksDone < checked.chunks {
            text +=
                "The one that checks stopped after \(checked.chunksDone) of \(checked.chunks) chunks, \(checked.stopLatency.formattedAsDuration) after cancel(). "
        } else {
            // It ended after cancel() with every chunk done: it looks before each chunk, so its
            // last look came before cancel() and the last chunk ran on. It had not "done all its
            // chunks when cancel() came": the last was still running.
            text +=
                "The one that checks did all \(checked.chunksDone) chunks too: cancel() came after its last look at the flag "
                + "(the one before chunk \(checked.chunks)), and it ended \(checked.stopLatency.formattedAsDuration) after cancel(). "
        }
        let late = [("the loop that never checks", unchecked), ("the one that checks", checked)].filter {
            $0.1.stopLatency <= 0
        }
        if !late.isEmpty { text += lateCancel(late, cpus: cpus) }
        return text + "Cancellation is cooperative."
    }

    /// Why the code that cancels ran only after a loop had ended, from the threads measured. On the
    /// loop's own thread it waited for the loop itself: one thread runs one thing at a time, so no
    /// CPU turn is involved. On a thread of its own it needed a CPU: the count of CPUs is measured,
    /// who held them is not.
    static func lateCancel(_ late: [(name: String, outcome: Outcome)], cpus: Int) -> String {
        let opening = "cancel() is called by other code, and on this run it ran only after a loop had ended. "
        let shared = late.filter { $0.outcome.cancelledFromLoopThread }
        let ownThread =
            "on a thread other than the loop's (measured), and it needs a CPU too: "
            + (cpus <= 1
                ? "with one CPU for this process, its threads take turns on it, and the turn of the code that cancels came late. "
                : "with \(cpus) CPUs that can still happen on a busy machine, where other work holds the CPUs. ")
        guard !shared.isEmpty else { return opening + "It ran " + ownThread }
        let ids = Set(shared.compactMap(\.outcome.loopThread)).sorted().map { "\($0)" }
        let loops = shared.count == late.count && late.count > 1 ? "each loop" : shared[0].name
        let sameThread =
            "It ran on the very thread \(loops) had run on (thread \(ids.joined(separator: " and ")), measured): "
            + "a loop that never suspends gives its thread up only when it ends, so only then could that code run"
        guard shared.count < late.count else { return opening + sameThread + ". " }
        let other = late.first { !$0.outcome.cancelledFromLoopThread }!.name
        return opening + sameThread + "; for \(other), it ran " + ownThread
    }

    /// The renderer's loop: `chunks` runs of `chunk`, looking at the flag before each if `checks`.
    /// Returns how many ran.
    static func render(chunks: Int, checks: Bool, chunk: () -> Void) -> Int {
        var done = 0
        for _ in 0..<chunks {
            if checks && Task.isCancelled { break }
            chunk()
            done += 1
        }
        return done
    }

    /// Runs the loop on the global executor and cancels it after a tenth of its work.
    static func cancelledLoop(work: Duration, checks: Bool, probe: Probe) async -> Outcome {
        let chunks = 100
        let unitsPerChunk = CPUWork.units(for: work / chunks)
        let clock = ContinuousClock()
        let label = checks ? "checks each chunk" : "never checks"
        // The loop's end and cancel() are each stamped under this one lock, cancel() called before
        // the lock is let go: so a loop that ended first has the earlier stamp, and one stamped
        // later ended after cancel() had been called. (Stamped outside it, a canceller preempted
        // between its stamp and cancel() on a busy CPU could see the loop end in between, and say
        // it ran on after a cancel() that had not come.)
        // (State of its own, not `()`: TSan reports a race on a lock guarding nothing, measured.)
        let order = Locked((cancelled: ContinuousClock.Instant?.none, ended: ContinuousClock.Instant?.none))
        let task = Task.detached {
            await probe.withLane(label) {
                probe.syncSpan("render", kind: .cpu) {
                    // The loop never suspends: it runs on this one thread from start to end.
                    let thread = currentThreadID()
                    let done = render(chunks: chunks, checks: checks) {
                        BlackHole.consume(CPUWork.run(units: unitsPerChunk))
                    }
                    let endedAt = order.withLock { moment in
                        let now = clock.now
                        moment.ended = now
                        return now
                    }
                    return (done, endedAt, thread)
                }
            }
        }
        try? await Task.sleep(for: work / 10)
        let cancellerThread = currentThreadID()
        probe.mark("cancel() · \(label)")
        let cancelledAt = order.withLock { moment in
            let now = clock.now
            moment.cancelled = now
            task.cancel()
            return now
        }
        let (done, endedAt, loopThread) = await task.value
        return Outcome(
            chunksDone: done, chunks: chunks, stopLatency: cancelledAt.duration(to: endedAt).seconds,
            loopThread: loopThread, cancellerThread: cancellerThread)
    }
}
