import Foundation
import LabKit

/// A data race made visible: lost updates, counted, and the cost of each fix.
/// `@unchecked Sendable` appears here only in the narration; the marked hazard
/// itself is `UnsafeCounter` in Counters.swift.
enum CountersVariant {
    static let increments = 20_000
    /// Attempts at showing the race; after the first, each widens the race window.
    static let raceAttemptsAllowed = 5
    /// Busy steps between read and write on attempt 2, 3, …: 25, 100, 400, 1600.
    static func raceWindow(attempt: Int) -> Int { 25 << (2 * (attempt - 2)) }

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
        var costs: [CounterNarration.Cost] = []
        var raceAttempts = 0, raceLost = 0, raceTotal = 0
        var safeLost: [(name: String, lost: Int)] = []
        for kind in CounterKind.allCases {
            let outcome: CounterExperiment.Outcome
            if kind == .unsafeClass {
                // A race is luck: retry, each time with a wider window between the read and
                // the write, until it shows or the attempts run out — and then say it did not.
                var attempt = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
                raceAttempts = 1
                while attempt.lostUpdates == 0 && raceAttempts < raceAttemptsAllowed {
                    raceAttempts += 1
                    attempt = await CounterExperiment.run(kind, tasks: tasks, increments: increments,
                                                          raceWindow: Self.raceWindow(attempt: raceAttempts))
                }
                outcome = attempt
                raceLost = outcome.lostUpdates
                raceTotal = outcome.expected
            } else {
                outcome = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
                costs.append(.init(name: kind.rawValue, secondsPerIncrement: outcome.secondsPerIncrement))
                safeLost.append((kind.rawValue, outcome.lostUpdates))
            }
            // A widened attempt's time includes the gap it added: marked, so no one compares it.
            let name = kind == .unsafeClass && raceAttempts > 1 ? "\(kind.rawValue) (attempt \(raceAttempts))*" : kind.rawValue
            table.append([name, "\(outcome.final)", "\(outcome.lostUpdates)",
                          outcome.seconds.formattedAsDuration, outcome.secondsPerIncrement.formattedAsDuration])
            let key = kind.rawValue.lowercased().replacingOccurrences(of: " ", with: "_")
            context.record("\(key)_lost", "\(kind.rawValue): lost updates", count: outcome.lostUpdates)
            context.record("\(key)_seconds_per_increment", "\(kind.rawValue): per increment", seconds: outcome.secondsPerIncrement)
        }
        context.record("unsafe_class_attempts", "unsafe class: attempts made", count: raceAttempts)
        console.table(table)
        if raceAttempts > 1 {
            console.say(console.terminal.paint("  * with a wider gap between its read and its write; its time includes that gap.", .dim))
        }
        console.paragraph(CounterNarration.race(lost: raceLost, of: raceTotal, attempts: raceAttempts, maximumAttempts: raceAttemptsAllowed, safeLost: safeLost))
        let timed = costs.map(\.secondsPerIncrement).filter { $0 > 0 }
        if let low = timed.min(), let high = timed.max(), timed.count > 1 {
            context.recordInTable(Figure(key: "cost_spread", label: "dearest ÷ cheapest, per increment", value: high / low, unit: .ratio))
        }
        console.paragraph(CounterNarration.costs(costs))
        console.note("""
            To see the race reported, build with the thread sanitizer: \
            `swift run -Xswiftc -sanitize=thread actors --variant counters`. On Linux it reports the \
            unsafe class, and also (wrongly) the Mutex: TSan cannot see Mutex's futex-based lock. \
            Measured: 160,000 Mutex increments were all there, and TSan still reported races.
            """)
    }
}
