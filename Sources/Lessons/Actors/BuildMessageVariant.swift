import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's `BuildMessage` actor and its `TimeStore` fix for the timeStamps race.
enum BuildMessageVariant {
    actor BuildMessage {
        var message: String = ""
        let greeting = "Hello"

        func setName(name: String) {
            message = "\(greeting) \(name)"
        }

        /// Touches only the immutable `greeting`, so it needs no isolation.
        nonisolated func getGreeting() -> String {
            greeting
        }
    }

    /// The book's actor that collects the five tasks' completion times.
    actor TimeStore {
        var timeStamps: [Int: Date] = [:]

        func addStamp(task: Int, date: Date, probe: Probe) {
            probe.syncSpan("addStamp(task: \(task))") { timeStamps[task] = date }
        }
    }

    static let variant = LessonVariant("build-message", title: "BuildMessage and TimeStore: isolation and nonisolated")
    { context in
        let console = context.console
        console.paragraph(
            """
            BuildMessage is an actor with a mutable `message` and an immutable `greeting`. From \
            outside, `setName` and `message` need `await`; `getGreeting()` is `nonisolated` and can \
            be called from synchronous code. What the compiler says to the rest:
            """)
        for diagnostic in [
            CompilerDiagnostics.actorPropertyMutatedFromOutside, CompilerDiagnostics.nonisolatedReadsMutableState,
        ] {
            console.say(console.terminal.paint("  error: \(diagnostic.message)", .red))
        }
        let builder = BuildMessage()
        await builder.setName(name: "Jane Smith")
        let message = await builder.message
        console.output(message)
        console.output("\(syncFunction(builder))  ← getGreeting() from a synchronous function")

        console.paragraph(
            """
            TimeStore is the book's actor fix for the five tasks writing one dictionary: each child \
            awaits `store.addStamp(…)`, and the actor runs the calls one at a time.
            """)
        let demo = ConcurrencyDemo(context: context)
        let store = TimeStore()
        let probe = context.probe
        await withTaskGroup(of: Void.self) { group in
            for i in 1...5 {
                group.addTask {
                    await probe.withLane("task \(i)") {
                        await store.addStamp(task: i, date: await demo.takesTooLong(announce: false), probe: probe)
                    }
                }
            }
        }
        for (task, date) in await store.timeStamps.sorted(by: { $0.key < $1.key }) {
            demo.say("Task = \(task), Date = \(Timestamp.string(date))")
        }
        let spans = probe.spans
        // The counts in the sentence below come from the spans the steps table lists, so it and
        // the table's "addStamp(task: N) ×5" say one number.
        let stamps = spans.filter { $0.name.hasPrefix("addStamp") }
        let waits = spans.named("takesTooLong()")
        context.record("message", "message", text: message)
        context.record("entries", "TimeStore entries", count: await store.timeStamps.count)
        context.record("waits_overlapping", "takesTooLong() calls at once", count: waits.maximumOverlap)
        context.record("stamps_overlapping", "addStamp calls at once", count: stamps.maximumOverlap)
        context.record("stamp_isolation", "addStamp ran on", text: stamps.first?.isolation.description ?? "-")
        console.paragraph(
            """
            \(waitsSentence(count: waits.count, atOnce: waits.maximumOverlap)); the \
            \(stamps.count) addStamp calls ran on the \(stamps.first?.isolation.description ?? "actor"), at most \
            \(stamps.maximumOverlap) at a time. The actor serialised only the part that touches its state.
            """)
    }

    /// How the waits overlapped, said from the run's figure (tested for each): all at once is the
    /// usual run, but a stalled machine may start a task only after another's wait has ended.
    static func waitsSentence(count: Int, atOnce: Int) -> String {
        if atOnce >= count { return "The \(count) waits overlapped (all \(atOnce) at once)" }
        if atOnce > 1 { return "The \(count) waits overlapped (at most \(atOnce) at once)" }
        return "The \(count) waits did not overlap on this run (the machine started each task only after "
            + "another's wait had ended)"
    }

    /// The book's syncFunction(): no `await` needed for a nonisolated method.
    static func syncFunction(_ builder: BuildMessage) -> String {
        builder.getGreeting()
    }
}
