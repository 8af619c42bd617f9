import Foundation
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
        console.paragraph(narrate(unchecked: unchecked, checked: checked, cpus: UsableCPUs.count))
    }

    /// The sentences, from the run: a loop may end before cancel() is even called, when the code
    /// that cancels waits for a thread the loop holds (measured on one CPU: both loops did all
    /// their chunks and ended before cancel()).
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
            text +=
                "The one that checks had done all its chunks when cancel() came (\(checked.stopLatency.formattedAsDuration) before its end). "
        }
        if unchecked.stopLatency <= 0 || checked.stopLatency <= 0 {
            // Only what was measured: the cancelling code ran after a loop had ended. Which thread or
            // CPU it waited for is not measured here, so it is not said; the CPU count is a fact of the run.
            text +=
                "cancel() is called by other code, which needs a thread and a CPU to run on; the loops never suspend, "
                + "so they gave up neither, and on this run that code ran only after a loop had ended: "
                + (cpus <= 1
                    ? "with one CPU for this process, its threads take turns on it, and the turn of the code that cancels came late. "
                    : "with \(cpus) CPUs that can still happen on a busy machine, where other work holds the CPUs. ")
        }
        return text + "Cancellation is cooperative."
    }

    /// Runs the loop on the global executor and cancels it after a tenth of its work.
    static func cancelledLoop(work: Duration, checks: Bool, probe: Probe) async -> Outcome {
        let chunks = 100
        let unitsPerChunk = CPUWork.units(for: work / chunks)
        let clock = ContinuousClock()
        let label = checks ? "checks each chunk" : "never checks"
        let task = Task.detached {
            await probe.withLane(label) {
                probe.syncSpan("render", kind: .cpu) {
                    var done = 0
                    for _ in 0..<chunks {
                        if checks && Task.isCancelled { break }
                        BlackHole.consume(CPUWork.run(units: unitsPerChunk))
                        done += 1
                    }
                    return (done, clock.now)
                }
            }
        }
        try? await Task.sleep(for: work / 10)
        let cancelledAt = clock.now
        probe.mark("cancel() · \(label)")
        task.cancel()
        let (done, endedAt) = await task.value
        return Outcome(chunksDone: done, chunks: chunks, stopLatency: cancelledAt.duration(to: endedAt).seconds)
    }
}
