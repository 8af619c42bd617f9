import Foundation
import LabConsole
import LabCore
import LessonKit

/// Why Swift 6 rejects `Thread.sleep` in async code, measured on this machine's executor.
enum ThreadSleepVariant {
    static let variant = LessonVariant("thread-sleep", title: "Why Thread.sleep is unavailable in async code") {
        context in
        let console = context.console
        let diagnostic = CompilerDiagnostics.threadSleepInAsync
        console.paragraph(
            """
            The book's first async version keeps Thread.sleep inside `async func takesTooLong()`. \
            Swift 6 refuses to compile it:
            """)
        for line in diagnostic.source.split(separator: "\n", omittingEmptySubsequences: false) {
            console.output(String(line))
        }
        console.say(context.console.terminal.paint("  error: \(diagnostic.message)", .red))
        console.paragraph(
            """
            Async functions run on a cooperative pool with about one thread per CPU, and a task is \
            expected to give its thread back at every `await`. A sleeping thread gives nothing back. \
            Any synchronous function that blocks still compiles, though (here: a nanosleep-based \
            SimulatedWork.block), so let us measure what it costs.
            """)

        let width = await ExecutorProbe.measureWidth()
        let cpus = UsableCPUs.count
        let tasks = max(4, 2 * width)
        let experiment = ExecutorWidthExperiment(work: context.work, probe: context.probe)
        let blocking = await experiment.run(tasks: tasks, kind: .blocking, sourceSeconds: ConcurrencyDemo.delay)
        let suspending = await experiment.run(tasks: tasks, kind: .suspending, sourceSeconds: ConcurrencyDemo.delay)
        let one = context.scale.duration(sourceSeconds: ConcurrencyDemo.delay).seconds
        let predicted = Double((tasks + width - 1) / width) * one

        context.record("cpu_count", "CPUs this process may use", count: cpus)
        context.record("executor_width", "executor width (measured)", count: width)
        context.record("tasks", "tasks started at once", count: tasks)
        context.record("blocking_wall_seconds", "\(tasks) blocking tasks took", seconds: blocking.wall)
        context.record("blocking_predicted_seconds", "predicted: ⌈tasks ÷ width⌉ × delay", seconds: predicted)
        context.record("blocking_peak", "blocking tasks running at once", count: blocking.peakConcurrency)
        context.record("suspending_wall_seconds", "\(tasks) suspending tasks took", seconds: suspending.wall)
        context.record("suspending_peak", "suspending tasks waiting at once", count: suspending.peakConcurrency)

        // The width probed before the run and the peak seen in it are said apart: on a loaded
        // machine they can differ (probed 1, then 2 blocking at once).
        let peak = blocking.peakConcurrency
        let queued =
            peak < tasks
            ? "they queued for threads, at most \(peak) running at once"
            : "all \(peak) ran at once: this run had a thread for each"
        console.paragraph(
            """
            \(CPUCountWords.sentenceStart()); the executor's width, probed before the run, was \(width). \
            \(tasks) tasks that each block for \(context.stated(seconds: one)) took \
            \(blocking.wall.formattedAsDuration) (predicted from the width: \(predicted.formattedAsDuration)): \
            \(queued). The same \(tasks) tasks suspending took \
            \(suspending.wall.formattedAsDuration), \(suspending.peakConcurrency == tasks ? "all" : "at most") \(suspending.peakConcurrency) waiting together. \
            That is why the compiler stops Thread.sleep at the door.
            """)
    }
}
