import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The book's TimeStore: onto the main actor with `await` or `MainActor.run`, and
/// giving it back in a long loop with `Task.yield()`.
enum MainActorRunVariant {
    @MainActor
    final class TimeStore {
        private(set) var timeStamps: [Int: Date] = [:]
        func addStamp(task: Int, date: Date) { timeStamps[task] = date }
    }

    static let stamps = 2000

    static let variant = LessonVariant(
        "main-actor-run", title: "await on a @MainActor function, MainActor.run, and Task.yield()"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The book marks TimeStore's timeStamps @MainActor but leaves addStamp() unmarked. \
            Swift 6 refuses, as the book says, in its own words:
            """)
        console.say(
            console.terminal.paint(
                "  error: \(CompilerDiagnostics.mainActorPropertyFromNonisolatedMethod.message)", .red))
        console.paragraph(
            """
            With addStamp() @MainActor too, code off the main actor reaches it in one of two ways: \
            `await store.addStamp(…)` (calling it without await does not compile: \
            "\(CompilerDiagnostics.mainActorMethodWithoutAwait.message)"), or `await MainActor.run { … }`, \
            which can make several calls in one visit. We add \(stamps) stamps from a background task each way.
            """)
        let store = TimeStore()
        let clock = ContinuousClock()
        let separate = await Task.detached {
            let start = clock.now
            for task in 0..<stamps { await store.addStamp(task: task, date: Date()) }
            return start.duration(to: clock.now)
        }.value
        let batched = await Task.detached {
            let start = clock.now
            await MainActor.run { for task in 0..<stamps { store.addStamp(task: stamps + task, date: Date()) } }
            return start.duration(to: clock.now)
        }.value
        context.record("separate_seconds", "\(stamps) × await store.addStamp()", seconds: separate.seconds)
        context.record("batched_seconds", "one MainActor.run with \(stamps) calls", seconds: batched.seconds)
        context.record("batch_speedup", "separate ÷ batched", ratio: separate.seconds / max(batched.seconds, 1e-9))
        context.record("stamps_stored", "stamps stored", count: store.timeStamps.count)
        console.paragraph(
            MainActorRunNarration.hops(separate: separate.seconds, batched: batched.seconds, count: stamps))

        console.paragraph(
            """
            Once on the main actor, long work keeps it: a loop of 20 CPU chunks \
            (\(context.describe(sourceSeconds: 4))) runs there, first straight through, then with \
            `await Task.yield()` after each chunk, while the UI loop tries to draw.
            """)
        let chunk = CPUWork.units(for: context.scale.duration(sourceSeconds: 4) / 20)
        var drawn: [Bool: Int] = [:]
        for yields in [false, true] {
            var start = 0.0
            var end = 0.0
            let frames = try await WatchedUI.run(context) {
                start = context.probe.now
                for _ in 0..<20 {
                    BlackHole.consume(CPUWork.run(units: chunk))
                    if yields { await Task.yield() }
                }
                end = context.probe.now
            }
            drawn[yields] = frames.frames(during: start, end)
        }
        context.record("frames_straight", "frames drawn during the loop, no yield", count: drawn[false] ?? 0)
        context.record(
            "frames_yielding", "frames drawn during the loop, Task.yield() per chunk", count: drawn[true] ?? 0)
        console.paragraph(MainActorRunNarration.yielding(straight: drawn[false] ?? 0, yielding: drawn[true] ?? 0))
    }
}

/// The variant's sentences, chosen from what was measured (tested for every outcome).
enum MainActorRunNarration {
    static func hops(separate: Double, batched: Double, count: Int) -> String {
        let ratio = separate / max(batched, 1e-9)
        let figures =
            "\(count) awaited calls took \(separate.formattedAsDuration); one MainActor.run with the same calls took \(batched.formattedAsDuration)"
        if ratio >= 1.5 {
            return
                "\(figures), \(ratio.formattedAsRatio) faster: each `await` is a trip onto the main actor and back, and the batch made one. Both ways run addStamp() on the main actor; batch when you make several calls, which also keeps them together (see half-updated)."
        }
        return
            "\(figures): no clear difference on this run (\(ratio.formattedAsRatio)). Both ways run addStamp() on the main actor; MainActor.run still keeps several calls together in one visit (see half-updated)."
    }

    static func yielding(straight: Int, yielding: Int) -> String {
        if yielding > straight {
            return
                "Straight through, the UI loop drew \(CountWords.of(straight, "frame")) during the loop; with Task.yield() it drew \(yielding). Task.yield() suspends the task and lets other work on the actor run first, so a long main-actor loop can keep the UI alive. Better still, move CPU work off the main actor."
        }
        return
            "Straight through, the UI loop drew \(CountWords.of(straight, "frame")) during the loop; with Task.yield() it drew \(yielding), no more this time. Task.yield() only offers the actor to work already waiting; on this run none got in. Move CPU work off the main actor."
    }
}
