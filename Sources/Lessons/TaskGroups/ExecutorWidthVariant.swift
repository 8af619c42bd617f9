import Foundation
import LabKit

/// The book's five tasks with `Thread.sleep`: do they really finish together?
enum ExecutorWidthVariant {
    static let variant = LessonVariant("executor-width", title: "\"All five finish together\": blocking vs suspending children") { context in
        let console = context.console
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        console.paragraph("""
            The book's takesTooLong() used Thread.sleep, and it saw all five tasks complete at the \
            same second. That needs five threads at once. The executor has one thread per CPU \
            (this machine: \(cpus)). We run the five tasks blocking, then suspending.
            """)
        let width = await ExecutorProbe.measureWidth()
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
        context.record("blocking_predicted_seconds", "predicted: ⌈5 ÷ width⌉ × delay", seconds: Double((5 + width - 1) / width) * delay)
        context.record("suspending_total_seconds", "5 suspending tasks took", seconds: suspending.wall)
        context.record("suspending_waves", "suspending tasks finished in waves", count: suspendingWaves)
        // Every count and the claim's verdict from this run: a machine with five threads or more
        // runs the blocking version in one wave too.
        func wavesText(_ count: Int) -> String { count == 1 ? "1 wave" : "\(count) waves" }
        let claim = blockingWaves > 1 && suspendingWaves == 1
            ? "On this machine the book's claim holds only for the suspending version."
            : blockingWaves == 1 ? "Here the blocking tasks finished together too: this run had a thread for each."
            : "Here neither version finished in one wave."
        console.paragraph("""
            Blocking: at most \(blocking.peakConcurrency) ran at a time, and they finished in \(wavesText(blockingWaves)) \
            over \(blocking.wall.formattedAsDuration). Suspending: \(suspending.peakConcurrency == 5 ? "all 5" : "at most \(suspending.peakConcurrency)") \
            waited together and finished in \(wavesText(suspendingWaves)) after \
            \(suspending.wall.formattedAsDuration). \(claim)
            """)
    }

    /// Groups end times that are closer than half the shortest span: the "waves" of finishing tasks.
    static func waves(_ spans: [Span]) -> Int {
        let ends = spans.map(\.end).sorted()
        guard let shortest = spans.map(\.duration).min(), !ends.isEmpty else { return 0 }
        return 1 + zip(ends.dropFirst(), ends).filter { $0 - $1 > shortest / 2 }.count
    }
}
