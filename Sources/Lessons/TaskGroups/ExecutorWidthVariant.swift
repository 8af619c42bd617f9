import Foundation
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
        context.record("blocking_waves", "blocking tasks finished in waves", count: blockingWaves)
        context.record(
            "blocking_predicted_seconds", "predicted: ⌈5 ÷ width⌉ × delay",
            seconds: Double((5 + width - 1) / width) * delay)
        context.record("suspending_total_seconds", "5 suspending tasks took", seconds: suspending.wall)
        context.record("suspending_waves", "suspending tasks finished in waves", count: suspendingWaves)
        console.paragraph(
            """
            Blocking: at most \(blocking.peakConcurrency) ran at a time, and they finished in \(waveWords(blockingWaves)) \
            over \(blocking.wall.formattedAsDuration). Suspending: \(suspending.peakConcurrency == 5 ? "all 5" : "at most \(suspending.peakConcurrency)") \
            waited together and finished in \(waveWords(suspendingWaves)) after \
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

    /// The book's claim judged by this run's waves, whatever the machine's width.
    static func conclusion(blockingWaves: Int, suspendingWaves: Int) -> String {
        switch (blockingWaves == 1, suspendingWaves == 1) {
        case (false, true): "On this machine the book's claim holds only for the suspending version."
        case (true, true):
            "On this machine both versions finished together: its executor had a thread for each of "
                + "the five blocking tasks. With fewer threads (fewer CPUs), the blocking version finishes in waves."
        case (_, false):
            "On this run not even the suspending tasks finished together: a busy machine woke them late. "
                + "Run it again to see the difference the threads make."
        }
    }

    /// Groups end times that are closer than half the shortest span: the "waves" of finishing tasks.
    static func waves(_ spans: [Span]) -> Int {
        let ends = spans.map(\.end).sorted()
        guard let shortest = spans.map(\.duration).min(), !ends.isEmpty else { return 0 }
        return 1 + zip(ends.dropFirst(), ends).filter { $0 - $1 > shortest / 2 }.count
    }
}
