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
        /// From cancel() to the task's end.
        let stopLatency: Double
    }

    static let variant = LessonVariant("cooperative", title: "Cooperative: a CPU loop that checks vs one that does not")
    { context in
        let console = context.console
        let work = context.scale.duration(sourceSeconds: 4)
        console.paragraph(
            """
            A thumbnail renderer runs a CPU loop sized for \(context.stated(seconds: work.seconds)) in 100 chunks. We cancel it a \
            tenth of the way in. One version checks Task.isCancelled between chunks; the other never \
            looks. Nothing in the loop suspends, so nothing else can stop it.
            """)
        let unchecked = await cancelledLoop(work: work, checks: false, probe: context.probe)
        let checked = await cancelledLoop(work: work, checks: true, probe: context.probe)
        var table = Table(headers: ["loop", "chunks done", "ran on after cancel()"], rightAligned: [1, 2])
        table.append([
            "never checks", "\(unchecked.chunksDone)/\(unchecked.chunks)", unchecked.stopLatency.formattedAsDuration,
        ])
        table.append([
            "checks each chunk", "\(checked.chunksDone)/\(checked.chunks)", checked.stopLatency.formattedAsDuration,
        ])
        console.table(table)
        context.record(
            "unchecked_latency_seconds", "never checks: ran on after cancel()", seconds: unchecked.stopLatency)
        context.record("unchecked_chunks", "never checks: chunks done", count: unchecked.chunksDone)
        context.record("checked_latency_seconds", "checks: ran on after cancel()", seconds: checked.stopLatency)
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
            text +=
                "cancel() is called by other code, which needs a thread to run on; the loops never suspend, so they kept theirs "
                + (cpus <= 1
                    ? "to the end, and with one CPU the code that would cancel them ran only after. "
                    : "to the end, and this busy machine ran the code that would cancel them late. ")
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
