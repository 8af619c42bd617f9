import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's `timeStamps` dictionary: the race Swift 6 rejects, and `for await` as the fix.
enum TimeStampsVariant {
    static let variant = LessonVariant(
        "time-stamps", title: "ConcurrencyDemo: timeStamps, the data race and the for-await fix"
    ) { context in
        let console = context.console
        let diagnostic = CompilerDiagnostics.capturedVarInTaskGroup
        console.paragraph(
            """
            The book stores each task's completion time in a dictionary by writing \
            `timeStamps[i] = await takesTooLong()` inside the child tasks. Five children writing one \
            dictionary at once is a data race. The book quotes the error as "Mutation of captured var \
            'timeStamps' in concurrently-executing code"; Swift 6 says:
            """)
        console.say(console.terminal.paint("  error: \(diagnostic.message)", .red))
        console.say(
            console.terminal.paint(
                "  note: closure captures reference to mutable var 'timeStamps' which is accessible to code in the current task",
                .dim))
        console.paragraph(
            """
            (Since SE-0430, addTask takes a `sending` closure; a closure holding a reference to a \
            local var cannot be sent.) The fix: each child *returns* (task, date) and the parent, \
            alone, writes the dictionary in a `for await` loop.
            """)
        let demo = ConcurrencyDemo(context: context)
        let (timeStamps, total) = await Stopwatch.time { await doSomething(demo) }
        for (task, date) in timeStamps {
            demo.say("Task = \(task), Date = \(Timestamp.string(date))")
        }
        let writes = context.probe.spans.named("timeStamps[task] = date")
        context.record("entries", "dictionary entries", count: timeStamps.count)
        context.record(
            "writer_isolations", "isolations that wrote the dictionary",
            text: Set(writes.map(\.isolation.description)).joined(separator: ", "))
        context.record("writes_overlapping", "writes running at the same time", count: writes.maximumOverlap)
        context.record("total_seconds", "doSomething() took", seconds: total)
        let calls = context.probe.spans.named("takesTooLong()")
        context.record("calls_overlapping", "takesTooLong() calls at once", count: calls.maximumOverlap)
        let overlapped =
            calls.maximumOverlap > 1
            ? "while the takesTooLong() calls still overlapped (\(calls.maximumOverlap) at once)"
            : "and the takesTooLong() calls did not overlap on this run"
        console.paragraph(
            """
            \(timeStamps.count) entries, written one at a time (at most \(writes.maximumOverlap) write \
            at once) by the parent, \(overlapped). The \
            dictionary prints in no particular order, as in the book: a Dictionary has none.
            """)
    }

    /// The book's fixed doSomething(): children return tuples, the parent collects them.
    static func doSomething(_ demo: ConcurrencyDemo) async -> [Int: Date] {
        var timeStamps: [Int: Date] = [:]
        await withTaskGroup(of: (Int, Date).self) { group in
            for i in 1...5 {
                group.addTask {
                    await demo.probe.withLane("task \(i)") { (i, await demo.takesTooLong(announce: false)) }
                }
            }
            for await (task, date) in group {
                demo.probe.syncSpan("timeStamps[task] = date") { timeStamps[task] = date }
            }
        }
        return timeStamps
    }
}
