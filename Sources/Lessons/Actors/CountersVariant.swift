import Foundation
import LabKit

/// A data race made visible: lost updates, counted, and the cost of each fix.
/// `@unchecked Sendable` appears here only in the narration; the marked hazard
/// itself is `UnsafeCounter` in Counters.swift.
enum CountersVariant {
    static let increments = 20_000

    static let variant = LessonVariant("counters", title: "A data race counted: class vs actor vs Mutex vs Atomic") { context in
        let console = context.console
        let tasks = max(2, ProcessInfo.processInfo.activeProcessorCount)
        console.paragraph("""
            \(tasks) tasks, started together, each add 1 to one shared counter \(increments) times. \
            The first counter is a plain class marked `@unchecked Sendable` to silence the compiler: \
            the data race Swift 6 exists to prevent, done on purpose. The others are an actor, a \
            Mutex (Synchronization) and an Atomic.
            """)
        var table = Table(headers: ["counter", "final", "lost updates", "total", "per increment"], rightAligned: [1, 2, 3, 4])
        for kind in CounterKind.allCases {
            let outcome = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
            table.append([kind.rawValue, "\(outcome.final)", "\(outcome.lostUpdates)",
                          outcome.seconds.formattedAsDuration, outcome.secondsPerIncrement.formattedAsDuration])
            let key = kind.rawValue.lowercased().replacingOccurrences(of: " ", with: "_")
            context.record("\(key)_lost", "\(kind.rawValue): lost updates", count: outcome.lostUpdates)
            context.record("\(key)_seconds_per_increment", "\(kind.rawValue): per increment", seconds: outcome.secondsPerIncrement)
        }
        console.table(table)
        let lost = context.figure("unsafe_class_lost")?.value ?? 0
        console.paragraph("""
            The class lost \(Int(lost)) of \(tasks * increments) increments this time: the tasks read \
            the same old value and each wrote its own result over the other's (in a release build \
            the optimizer can stretch that window to the whole loop). The other three lost none. The cost differs a \
            lot: an actor call is a hop onto the actor's executor; a Mutex takes a lock; an Atomic is \
            one CPU instruction. (These are debug-build, contended figures; `lab bench` times them properly.)
            """)
        console.note("""
            To see the race reported, build with the thread sanitizer: \
            `swift run -Xswiftc -sanitize=thread actors --variant counters`. On Linux it reports the \
            unsafe class, and also (wrongly) the Mutex: TSan cannot see Mutex's futex-based lock. \
            Measured: 160,000 Mutex increments were all there, and TSan still reported races.
            """)
    }
}
