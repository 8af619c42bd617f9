import Foundation
import LabConsole
import LabCore
import LessonKit

/// Claims in the book and the sessions that Swift 6 does not bear out: each quoted,
/// with what is true, proved here by a measurement or by the compiler's own words
/// (a test compiles every quoted snippet and checks the message).
enum SourcesCorrectedVariant {
    /// An awaited async call, reporting the task and thread it ran in.
    @MainActor static func calledAsync() async -> (task: Int?, thread: UInt64, isolation: Isolation) {
        (withUnsafeCurrentTask { $0?.hashValue }, currentThreadID(), Isolation.current())
    }

    actor Greeter {
        var message = ""
    }

    /// Creating an actor needs no async context: this function is synchronous.
    static func makeGreeterSynchronously() -> Greeter { Greeter() }

    static let variant = LessonVariant("sources-corrected", title: "What the sources say that Swift 6 does not") {
        context in
        let console = context.console
        console.paragraph(
            """
            Teaching material ages. Each claim below comes from the book or a session; beside it, \
            what Swift 6 does, proved on this run by a measurement or by the compiler's own words.
            """)
        // Measured: an awaited call runs in the caller's task, on the caller's actor.
        let callerTask = withUnsafeCurrentTask { $0?.hashValue }
        let callerThread = currentThreadID()
        let callee = await calledAsync()
        let sameTask = callee.task != nil && callee.task == callerTask
        let sameThread = callee.thread == callerThread
        context.record("async_call_same_task", "an awaited async call ran in the caller's task", flag: sameTask)
        context.record(
            "async_call_same_thread", "an awaited @MainActor call ran on the caller's thread", flag: sameThread)
        // Measured: Task(priority:) started on the main actor stays on it: it is not detached.
        let here = Isolation.current()
        let prioritized = await Task(priority: .high) { Isolation.current() }.value
        context.record(
            "task_priority_isolation", "Task(priority: .high) from the main actor ran on", text: prioritized.description
        )
        let greeter = makeGreeterSynchronously()
        context.record("actor_made_synchronously", "an actor created in a synchronous function", flag: true)
        withExtendedLifetime(greeter) {}

        var rows: [[String]] = []
        rows.append([
            "calling an async function creates a sub-task",
            sameTask
                ? "the call ran in the caller's own task: only async let, groups and Task {} make tasks"
                : "the call reported another task",
            "this run: same task \(sameTask ? "yes" : "no")",
        ])
        rows.append([
            "async code runs on a different thread",
            sameThread
                ? "an awaited @MainActor function ran on the caller's thread: isolation decides, not async"
                : "this call resumed on another thread, which the actor, not `async`, allows",
            "this run: \(callee.isolation), same thread \(sameThread ? "yes" : "no")",
        ])
        rows.append([
            "actors can only be created in an async context", "an actor's init is synchronous",
            "this lesson creates one in a synchronous function",
        ])
        rows.append([
            "Task.cancel() cancels the current task", "cancel() belongs to a Task value: task.cancel()",
            "compiler: " + CompilerDiagnostics.staticTaskCancel.message,
        ])
        rows.append([
            "Task.yield() (written without await)", "yielding is a suspension point: await Task.yield()",
            "compiler: " + CompilerDiagnostics.yieldWithoutAwait.message,
        ])
        rows.append([
            "a \"detached\" task made with Task(priority:)",
            "Task(priority:) inherits the actor; only Task.detached does not",
            "this run: started on \(here), it ran on \(prioritized)\(prioritized == here ? "" : ": not inherited here")",
        ])
        rows.append([
            "var builder = BuildMessage() at file scope",
            "a global var is shared mutable state Swift 6 rejects: use let, or isolate it",
            "compiler: " + CompilerDiagnostics.globalMutableActorReference.message,
        ])
        rows.append([
            "catch is Task.CancellationError", "the error type is CancellationError, at top level",
            "compiler: " + CompilerDiagnostics.taskCancellationErrorType.message,
        ])
        // One claim per block: a three-column table is too wide for a terminal.
        for row in rows {
            console.say("  ✗ \"\(row[0])\"")
            console.say(
                ("✓ \(row[1]) (\(row[2]))").wrapped(to: console.terminal.width - 4, indent: "      ")
                    .replacingOccurrences(of: "      ✓", with: "    ✓", options: .anchored))
        }
        console.paragraph(
            sameTask && sameThread
                ? "Both measured rows held on this run: an `await` is a possible suspension point in the same task, not a new task or a new thread."
                : "One measured row differed from the usual on this run (see the table): an `await` may resume elsewhere when the actor allows it, but it never starts a task."
        )
    }
}
