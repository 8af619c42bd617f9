import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Deadlock: tasks that wait synchronously for work queued on the pool they hold.
enum PoolDeadlockVariant {
    /// More tasks than the pool can have threads, if its width is the CPU count (measured, not assumed).
    static var taskCount: Int { max(4, ProcessInfo.processInfo.activeProcessorCount * 2) }

    /// The most threads the pool may have here, as the narration says it: one per CPU online,
    /// which Dispatch sizes the pool from. Not `ExecutorProbe.mostPoolThreads`, which is also at
    /// least `activeProcessorCount` (for checks that must outnumber the pool): in `.ci/one-cpu`'s
    /// namespace that said 2 where the pool had one thread, and the lesson told a one-thread pool
    /// that a quieter run would show 2 (session 58).
    static func poolThreads(online: Int = ExecutorProbe.onlineCPUs) -> Int { max(1, online) }

    static let variant = LessonVariant("pool-deadlock", title: "Deadlock: a pool blocked by synchronous waits") {
        context in
        let console = context.console
        let tasks = taskCount
        console.paragraph(
            """
            Code that must return a value synchronously often bridges to async code with a \
            semaphore: start a Task, then wait for it to signal. We run \(tasks) such waits as \
            group children, in a child process with a watchdog of its own (a thread outside the \
            pool) that ends it if nothing finishes within \(context.stated(seconds: PoolDeadlockDemo.limit.seconds)). \
            Then the same waits with a continuation, which suspends instead of blocking.
            """)
        var reports: [PoolDeadlockDemo.Wait: PoolDeadlockDemo.Report] = [:]
        var table = Table(
            headers: ["the wait", "tasks", "most waiting at once", "finished", "time"], rightAligned: [1, 2, 4])
        for wait in PoolDeadlockDemo.Wait.allCases {
            let outcome = try await context.probe.span("child: \(wait.rawValue) waits", kind: .suspending) {
                try await ChildDemo.launch(
                    PoolDeadlockDemo.name,
                    environment: [PoolDeadlockDemo.tasksKey: "\(tasks)", PoolDeadlockDemo.waitKey: wait.rawValue],
                    timeout: .seconds(15), tracingInto: context.probe, lanePrefix: "\(wait.rawValue) process")
            }
            let report = PoolDeadlockDemo.Report.parse(outcome.standardOutput)
            reports[wait] = report
            table.append([
                wait == .semaphore ? "DispatchSemaphore.wait()" : "withCheckedContinuation",
                "\(tasks)", report.map { "\($0.peakWaiting)" } ?? "—",
                report.map { $0.finished ? "yes" : "no: stopped by the watchdog" } ?? "no report (\(outcome.summary))",
                report.map { $0.seconds.formattedAsDuration } ?? "—",
            ])
            if let report {
                context.recordInTable(
                    Figure(
                        key: "\(wait.rawValue)_waiting", label: "\(wait.rawValue): most tasks waiting at once",
                        value: Double(report.peakWaiting), unit: .count))
                context.recordInTable(
                    Figure(
                        key: "\(wait.rawValue)_finished", label: "\(wait.rawValue): all tasks finished",
                        value: report.finished ? 1 : 0, unit: .flag))
                context.recordInTable(
                    Figure(
                        key: "\(wait.rawValue)_seconds", label: "\(wait.rawValue): time until finished or stopped",
                        value: report.seconds, unit: .seconds))
            }
        }
        console.table(table)
        context.record("tasks", "tasks waiting", count: tasks)
        for sentence in PoolDeadlockNarration.sentences(
            semaphore: reports[.semaphore], continuation: reports[.continuation],
            limit: PoolDeadlockDemo.limit.seconds.formattedAsDuration, poolThreads: poolThreads())
        {
            console.paragraph(sentence)
        }
    }
}

/// The variant's sentences, chosen from what the two child processes reported.
enum PoolDeadlockNarration {
    /// `poolThreads`: the most threads the pool may have here (one per CPU online). A child that hung
    /// with fewer waiting had not got that many threads running within the limit: taskset -c 0
    /// beside a busy process once gave 1 of 2 (Linux's Dispatch adds pool threads as work waits,
    /// and a starved thread may not run in time), so the count is said as what came, not the width.
    static func sentences(
        semaphore: PoolDeadlockDemo.Report?, continuation: PoolDeadlockDemo.Report?, limit: String, poolThreads: Int
    ) -> [String] {
        var lines: [String] = []
        switch semaphore {
        case nil:
            lines.append("The semaphore run gave no report: the child process ended some other way (see the table).")
        case let report? where !report.finished:
            lines.append(
                "With the semaphore, \(report.peakWaiting) of \(report.tasks) tasks \(CountWords.were(report.peakWaiting)) blocked when progress stopped, and none finished in \(limit): "
                    + stuckThreads(peakWaiting: report.peakWaiting, poolThreads: poolThreads, limit: limit)
                    + " Nothing crashed and nothing was logged; the program simply stopped, which is how a deadlock looks in an app."
            )
        case let report?:
            lines.append(
                "With the semaphore, all \(report.tasks) tasks finished in \(report.seconds.formattedAsDuration) (at most \(report.peakWaiting) blocked at once): the pool had a thread to spare on this run. Fewer waiting tasks than threads is luck, not safety: add tasks, or run on a machine with fewer cores, and it stops."
            )
        }
        switch continuation {
        case let report? where report.finished:
            lines.append(
                "With the continuation, \(report.peakWaiting) of \(report.tasks) tasks waited at once and all finished in \(report.seconds.formattedAsDuration): a suspended wait gives its thread back, so the pool was free to run the answers."
            )
        case let report?:
            lines.append(
                "With the continuation, the run did not finish within \(limit) (\(report.peakWaiting) waiting): this run cannot tell a deadlock from a machine too busy to run the answers in time. Run it again on a quieter machine."
            )
        case nil:
            lines.append("The continuation run gave no report: the child process ended some other way (see the table).")
        }
        return lines
    }

    /// Who was waiting when the child hung: the pool's whole width where as many waited as it may
    /// have threads, or only the threads that took a task in time.
    static func stuckThreads(peakWaiting: Int, poolThreads: Int, limit: String) -> String {
        guard peakWaiting < poolThreads else {
            let everyThread = peakWaiting == 1 ? "the pool's only thread was" : "every thread of the pool was"
            let thatThread = peakWaiting == 1 ? "that very thread" : "one of those threads"
            return
                "\(everyThread) waiting for an answer that needed \(thatThread). That count is the pool's width on this machine: \(CountWords.of(peakWaiting, "thread"))."
        }
        let ran =
            peakWaiting == 1
            ? "the one pool thread that took a task was" : "the \(peakWaiting) pool threads that took a task were"
        return
            "\(ran) waiting for an answer that needed a pool thread, and no other thread of the pool came to run it. The pool may have up to \(CountWords.of(poolThreads, "thread")) here (one per CPU online), but only \(peakWaiting) took a task within \(limit) on this run: that count is the threads that came in time, not the pool's width (a quieter run shows it)."
    }
}
