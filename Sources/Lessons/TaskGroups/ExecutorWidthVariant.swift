import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's five tasks with `Thread.sleep`: do they really finish together?
enum ExecutorWidthVariant {
    static let variant = LessonVariant(
        "executor-width", title: "\"All five finish together\": blocking vs suspending children"
    ) { context in
        let console = context.console
        let width = await ExecutorProbe.measureWidth()
        console.paragraph(
            """
            The book's takesTooLong() used Thread.sleep, and it saw all five tasks complete at the \
            same second. That needs five threads at once. \(threadsSentence(width: width, usable: UsableCPUs.count)) \
            We run the five tasks blocking, then suspending.
            """)
        let experiment = ExecutorWidthExperiment(work: context.work, probe: context.probe)
        let blocking = await experiment.run(tasks: 5, kind: .blocking, sourceSeconds: ConcurrencyDemo.delay)
        let suspending = await experiment.run(tasks: 5, kind: .suspending, sourceSeconds: ConcurrencyDemo.delay)
        let spans = context.probe.spans
        let blockingWaves = waves(spans.filter { $0.kind == .blocking })
        let suspendingWaves = waves(spans.filter { $0.kind == .suspending })
        let delay = context.scale.duration(sourceSeconds: ConcurrencyDemo.delay).seconds

        context.record("executor_width", "executor width (measured)", count: width)
        context.record("blocking_total_seconds", "5 blocking tasks took", seconds: blocking.wall)
        context.record("blocking_peak", "blocking tasks waiting at once (most)", count: blocking.peakConcurrency)
        context.record("blocking_waves", "blocking tasks ran in waves", count: blockingWaves)
        context.record(
            "blocking_predicted_seconds", "predicted: ⌈5 ÷ width⌉ × delay",
            seconds: Double((5 + width - 1) / width) * delay)
        context.record("suspending_total_seconds", "5 suspending tasks took", seconds: suspending.wall)
        context.record("suspending_peak", "suspending tasks waiting at once (most)", count: suspending.peakConcurrency)
        context.record("suspending_waves", "suspending tasks ran in waves", count: suspendingWaves)
        console.paragraph(
            """
            Blocking: at most \(blocking.peakConcurrency) ran at a time, and they ran in \(waveWords(blockingWaves)) \
            over \(blocking.wall.formattedAsDuration). Suspending: \(suspending.peakConcurrency == 5 ? "all 5" : "at most \(suspending.peakConcurrency)") \
            waited together, in \(waveWords(suspendingWaves)), and were done after \
            \(suspending.wall.formattedAsDuration). \(conclusion(blockingWaves: blockingWaves, suspendingWaves: suspendingWaves))
            """)
    }

    /// The executor's measured width against the CPUs: equal where the pool follows them; not
    /// always under `taskset -c 0` (measured: 1 thread, at times 2 taking turns on the one CPU).
    static func threadsSentence(width: Int, usable: Int, machine: Int = ProcessInfo.processInfo.activeProcessorCount)
        -> String
    {
        let threads = "\(width) thread\(width == 1 ? "" : "s")"
        return width == usable
            ? "The executor has one thread per CPU this process may use: here \(threads) (measured; \(CPUCountWords.usable(usable, machine: machine)))."
            : "The executor has \(threads) here (measured), and this process may use \(CPUCountWords.usable(usable, machine: machine)): "
                + (width > usable
                    ? "its threads take turns on \(usable == 1 ? "it" : "them")." : "fewer threads than CPUs.")
    }

    static func waveWords(_ count: Int) -> String { count == 1 ? "1 wave" : "\(count) waves" }

    /// The book's claim judged by this run's waves, whatever the machine's width. One wave means
    /// all five waited at one moment (intervals that overlap pairwise share a point), which
    /// blocking tasks can do only on five threads: the reason each sentence gives is the run's.
    static func conclusion(blockingWaves: Int, suspendingWaves: Int) -> String {
        switch (blockingWaves == 1, suspendingWaves == 1) {
        case (false, true): "On this machine the book's claim holds only for the suspending version."
        case (true, true):
            "On this machine both versions ran all five at once: its executor had a thread for each of "
                + "the five blocking tasks. With fewer threads (fewer CPUs), the blocking version runs in waves."
        case (_, false):
            "On this run not even the suspending tasks all waited at once: a busy machine started some "
                + "only after another had ended. Run it again to see the difference the threads make."
        }
    }

    /// The waves: the longest run of tasks each starting after the one before it ended. Not a
    /// grouping of end times (a busy machine staggers them, and staggered ends can chain into one
    /// "wave" on four threads): by Mirsky's theorem it is the fewest groups of tasks all waiting
    /// at one moment that cover them, so 5 tasks at most `p` at once make at least ⌈5 ÷ p⌉ waves,
    /// and 1 wave means all 5 at once.
    static func waves(_ spans: [Span]) -> Int {
        // Longest chain ending at each span, spans taken in order of their end.
        let byEnd = spans.sorted { $0.end < $1.end }
        var chain: [Int] = []
        for (index, span) in byEnd.enumerated() {
            let before = byEnd[..<index].indices.filter { byEnd[$0].end <= span.start }.map { chain[$0] }.max() ?? 0
            chain.append(before + 1)
        }
        return chain.max() ?? 0
    }
}
