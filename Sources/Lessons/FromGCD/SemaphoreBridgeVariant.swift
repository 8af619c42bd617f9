import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// A semaphore bridging async work back to a synchronous caller, run on every thread of the
/// pool and on one fewer, each in a child process with a time limit: the deadlock is measured.
enum SemaphoreBridgeVariant {
    static let timeLimit = Duration.seconds(3)

    struct Run: Sendable, Equatable {
        /// What the child's quick width probe saw (it can undercount on a busy or pinned CPU).
        var width: Int
        var tasks: Int
        var finished: Bool
        var seconds: Double
        /// The most tasks in semaphore.wait() at once, as the child reported them. In a child
        /// that hung, the task that signals found no free pool thread: this is the pool's width.
        var blocked: Int = 0

        /// The pool's width, where the run measured it: the threads held when it hung.
        var measuredWidth: Int? { !finished && blocked > 0 ? blocked : nil }
    }

    static func parse(_ output: String, seconds: Double) -> Run {
        let words = output.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" })
        func number(after word: String) -> Int {
            guard let index = words.firstIndex(where: { $0 == word }), index + 1 < words.count else { return 0 }
            return Int(words[index + 1]) ?? 0
        }
        let blocked = zip(words, words.dropFirst()).filter { $0.0 == "blocked" }.compactMap { Int($0.1) }.max() ?? 0
        return Run(
            width: number(after: "width"), tasks: number(after: "tasks"), finished: output.contains("finished"),
            seconds: seconds, blocked: blocked)
    }

    /// Runs the child with `tasks` callers, or (nil) as many as it expects pool threads.
    static func launch(tasks: Int?) async throws -> Run {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await ChildDemo.launch(
            BlockingBridgeDemos.semaphoreName,
            environment: [BlockingBridgeDemos.tasksKey: tasks.map { "\($0)" } ?? "all"],
            timeout: timeLimit)
        return parse(outcome.standardOutput, seconds: (clock.now - start).seconds)
    }

    /// How many callers the second child gets: one fewer than the threads the first one held
    /// when it hung (the width it measured), or than its callers if it did not hang; nil where
    /// that is none (a pool of one thread).
    static func fewerTasks(after all: Run) -> Int? {
        let fewer = (all.measuredWidth ?? all.tasks) - 1
        return fewer > 0 ? fewer : nil
    }

    static let variant = LessonVariant(
        "semaphore-bridge", title: "A semaphore bridging async to sync, on every pool thread: measured, in a child"
    ) { context in
        let console = context.console
        console.paragraph(
            "legacyThumbnailSize() keeps its synchronous signature for old callers: it starts a Task for the new async code and waits on a DispatchSemaphore until the task signals. A child process calls it from as many tasks at once as it expects pool threads (the larger of the CPUs the system reports online, which the pool is sized from, and the width a quick probe sees), then another child from one fewer than the first one held. Each task says when it is about to block, so a child that hangs tells how many pool threads it held; each child has \(context.stated(seconds: timeLimit.seconds)) before it is stopped."
        )
        let all = try await launch(tasks: nil)
        var fewer: Run?
        if let count = fewerTasks(after: all) { fewer = try await launch(tasks: count) }
        var table = Table(
            headers: ["tasks calling it", "most in wait() at once", "outcome", "after"], rightAligned: [0, 1, 3])
        for run in [all] + (fewer.map { [$0] } ?? []) {
            table.append([
                "\(run.tasks)", "\(run.blocked)", run.finished ? "finished" : "stopped at the time limit",
                run.seconds.formattedAsDuration,
            ])
        }
        console.table(table)
        if let width = all.measuredWidth {
            context.record("pool_width", "the child's pool width (threads held when it hung)", count: width)
        } else {
            context.record("pool_width", "the child's pool width (its probe; the child did not hang)", count: all.width)
        }
        context.record("probe_width", "the child's width probe saw", count: all.width)
        context.record("all_threads_tasks", "every pool thread waiting: tasks", count: all.tasks)
        context.record("all_threads_blocked", "every pool thread waiting: most in wait() at once", count: all.blocked)
        context.record("all_threads_finished", "every pool thread waiting: finished", flag: all.finished)
        context.record("all_threads_seconds", "every pool thread waiting: ran for", seconds: all.seconds)
        if let fewer {
            context.record("one_fewer_finished", "one thread fewer: finished", flag: fewer.finished)
            context.record("one_fewer_tasks", "one thread fewer: tasks", count: fewer.tasks)
            context.record("one_fewer_seconds", "one thread fewer: ran for", seconds: fewer.seconds)
        } else {
            context.record("one_fewer_tasks", "one thread fewer: tasks (not run: the pool had one thread)", count: 0)
        }
        console.paragraph(SemaphoreNarration.sentences(all: all, fewer: fewer).joined(separator: " "))
    }
}

/// The semaphore sentences, chosen from the two runs (tested for each outcome).
enum SemaphoreNarration {
    static let fix =
        "The fix is to let the caller await: make the API async (keep a synchronous wrapper only for callers that are not on the pool), never block a pool thread on work the pool must do. On a Mac, Apple's SDK refuses semaphore.wait() inside async code outright; here only the hang tells you."

    /// `fewer` is nil where no second child ran (the first held the pool's only thread).
    static func sentences(all: SemaphoreBridgeVariant.Run, fewer: SemaphoreBridgeVariant.Run?) -> [String] {
        var lines: [String] = []
        let waiting = CountWords.of(all.tasks, "task")
        if !all.finished {
            // The width the hang measured: the threads held in wait() while the signalling task found
            // none free (the quick probe is not used here: it undercounts on a busy CPU).
            let width = all.measuredWidth ?? all.width
            let onePerThread =
                width == all.tasks
                ? (width == 1 ? "on a pool of 1 thread" : "one per pool thread")
                : "on a pool of \(CountWords.of(width, "thread")) (only \(CountWords.of(width, "task")) got into wait())"
            lines.append(
                "With \(waiting) waiting, \(onePerThread), the child never finished: it was stopped after \(all.seconds.formattedAsDuration). \(width == 1 ? "The pool's only thread was" : "Every thread of the pool was") blocked in semaphore.wait(), and the \(all.tasks == 1 ? "task" : "tasks") that would signal needed a pool thread to run. A deadlock, with no lock in sight and no error, just a hang."
            )
            guard let fewer, fewer.tasks > 0 else {
                lines.append(
                    "With a pool of one thread there is no \"one fewer\": a single call from async code is enough to hang it."
                )
                return lines + [fix]
            }
            if fewer.finished {
                lines.append(
                    "With \(fewer.tasks) waiting (one thread free), it finished in \(fewer.seconds.formattedAsDuration): the task that signals found a free pool thread. The same code works until the day enough callers arrive together. That is why it passes tests and hangs in production."
                )
            } else {
                let held = fewer.measuredWidth.map { ", \($0) of them in wait() when it was stopped" } ?? ""
                lines.append(
                    "With \(fewer.tasks) waiting it hung too\(held): this child's pool left no thread free for the task that signals, though the first child held \(CountWords.of(width, "thread")) (the probe measured \(all.width)). A pool can be narrower from one run to the next; one fewer caller is no margin."
                )
            }
        } else {
            lines.append(
                "With \(waiting) waiting, the child finished after \(all.seconds.formattedAsDuration): the pool had a thread to spare this time (the probe measured \(all.width)), so the hazard did not show; a run with more callers would hang."
            )
        }
        return lines + [fix]
    }
}
