import Foundation
import LabConsole
import LabCore
import LessonKit

/// A data race made visible: lost updates, counted, and the cost of each fix.
/// `@unchecked Sendable` appears here only in the narration; the marked hazard
/// itself is `UnsafeCounter` in Counters.swift.
enum CountersVariant {
    static let increments = 20_000
    /// Attempts at showing the race; after the first, each widens the race window.
    static let raceAttemptsAllowed = 5
    /// Busy steps between read and write on attempt 2, 3, …: 25, 100, 400, 1600.
    static func raceWindow(attempt: Int) -> Int { 25 << (2 * (attempt - 2)) }

    static let variant = LessonVariant("counters", title: "A data race counted: class vs actor vs Mutex vs Atomic") {
        context in
        let console = context.console
        // CPUs this process may use: its affinity and quota (Linux), so `taskset -c 0` gives 1.
        let cpus = UsableCPUs.count
        let tasks = max(2, cpus)
        console.paragraph(
            """
            \(tasks) tasks each add 1 to one shared counter \(increments) times, started together as far as \
            this machine allows (each waits up to \(context.stated(seconds: CounterExperiment.startPatience.seconds)) for the \
            others; the table says how many started together, and on how many threads). \
            The first counter is a plain class marked `@unchecked Sendable` to silence the compiler: \
            the data race Swift 6 exists to prevent, done on purpose. The others are an actor, a \
            Mutex (Synchronization) and an Atomic.
            """)
        var table = Table(
            headers: ["counter", "started together", "threads", "final", "lost updates", "total", "per increment"],
            rightAligned: [1, 2, 3, 4, 5, 6])
        var costs: [CounterNarration.Cost] = []
        var raceAttempts = 0
        var raceLost = 0
        var raceTotal = 0
        var raceTogether = 0
        var raceThreads = 0
        var unsafeCost: CounterNarration.UnsafeCost?
        var safeTogether: [Int] = []
        var safeLost: [(name: String, lost: Int)] = []
        for kind in CounterKind.allCases {
            let outcome: CounterExperiment.Outcome
            if kind == .unsafeClass {
                // A race is luck: retry, each time with a wider window between the read and
                // the write, until it shows or the attempts run out — and then say it did not.
                var attempt = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
                raceAttempts = 1
                raceTogether = attempt.startedTogether
                raceThreads = attempt.threads
                while attempt.lostUpdates == 0 && raceAttempts < raceAttemptsAllowed {
                    raceAttempts += 1
                    attempt = await CounterExperiment.run(
                        kind, tasks: tasks, increments: increments,
                        raceWindow: Self.raceWindow(attempt: raceAttempts))
                    raceTogether = max(raceTogether, attempt.startedTogether)
                    raceThreads = max(raceThreads, attempt.threads)
                }
                outcome = attempt
                raceLost = outcome.lostUpdates
                unsafeCost = .init(secondsPerIncrement: outcome.secondsPerIncrement, attempt: raceAttempts)
                raceTotal = outcome.expected
            } else {
                outcome = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
                costs.append(.init(name: kind.rawValue, secondsPerIncrement: outcome.secondsPerIncrement))
                safeLost.append((kind.rawValue, outcome.lostUpdates))
                safeTogether.append(outcome.startedTogether)
            }
            // A widened attempt's time includes the gap it added: marked, so no one compares it.
            let name =
                kind == .unsafeClass && raceAttempts > 1 ? "\(kind.rawValue) (attempt \(raceAttempts))*" : kind.rawValue
            table.append([
                name, "\(outcome.startedTogether) of \(outcome.tasks)", "\(outcome.threads)", "\(outcome.final)",
                "\(outcome.lostUpdates)",
                outcome.seconds.formattedAsDuration, outcome.secondsPerIncrement.formattedAsDuration,
            ])
            let key = kind.rawValue.lowercased().replacingOccurrences(of: " ", with: "_")
            // Shown in the table above: in --json, not listed again under "Measured".
            context.recordInTable(
                Figure(
                    key: "\(key)_lost", label: "\(kind.rawValue): lost updates", value: Double(outcome.lostUpdates),
                    unit: .count))
            context.recordInTable(
                Figure(
                    key: "\(key)_started_together", label: "\(kind.rawValue): tasks started together",
                    value: Double(outcome.startedTogether), unit: .count))
            context.recordInTable(
                Figure(
                    key: "\(key)_threads", label: "\(kind.rawValue): threads the tasks started on",
                    value: Double(outcome.threads), unit: .count))
            context.recordInTable(
                Figure(
                    key: "\(key)_seconds_per_increment", label: "\(kind.rawValue): per increment",
                    value: outcome.secondsPerIncrement, unit: .seconds))
        }
        context.record("unsafe_class_attempts", "unsafe class: attempts made", count: raceAttempts)
        console.table(table)
        if raceAttempts > 1 {
            console.say(
                console.terminal.paint(
                    "  * with a wider gap between its read and its write; its time includes that gap.", .dim))
        }
        let start = CounterNarration.RaceStart(
            tasks: tasks, mostTogether: raceTogether, cpus: cpus, patience: CounterExperiment.startPatience,
            threads: raceThreads)
        console.paragraph(
            CounterNarration.race(
                lost: raceLost, of: raceTotal, attempts: raceAttempts, maximumAttempts: raceAttemptsAllowed,
                start: start, safeLost: safeLost))
        let timed = costs.map(\.secondsPerIncrement).filter { $0 > 0 }
        if let low = timed.min(), let high = timed.max(), timed.count > 1 {
            context.recordInTable(
                Figure(
                    key: "cost_spread", label: "dearest ÷ cheapest safe counter, per increment", value: high / low,
                    unit: .ratio))
        }
        console.paragraph(
            CounterNarration.costs(
                costs, contended: cpus > 1 && safeTogether.allSatisfy { $0 > 1 }, unsafe: unsafeCost))
        console.note(sanitizerNote)
    }

    /// The thread sanitizer's part. This run does not use the sanitizer, so the note says where its
    /// figures come from (a run made while building the lab, docs/PLATFORM.md), not "measured".
    static let sanitizerNote = """
        To see the race reported, build with the thread sanitizer: \
        `swift run -Xswiftc -sanitize=thread actors --variant counters`. On Linux it reports the \
        unsafe class, and also (wrongly) the Mutex: TSan cannot see Mutex's futex-based lock. \
        This run did not use the sanitizer; in a sanitized run made while building the lab \
        (docs/PLATFORM.md), 8 tasks × 20,000 Mutex increments ended exact at 160,000, and TSan \
        still reported races.
        """
}
