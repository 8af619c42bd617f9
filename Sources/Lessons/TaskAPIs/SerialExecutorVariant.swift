import LabConsole
import LabCore
import LabTrace
import LessonKit

/// An actor with a custom `SerialExecutor`: all its code on one thread, as a thread-bound
/// library (a SQLite connection, an OpenGL context) needs; against a default actor.
enum SerialExecutorVariant {
    static let tasks = 4
    static let callsPerTask = 250

    /// What an actor saw of the threads that ran it.
    protocol ThreadWitness: Actor {
        func insert(_ row: Int)
        var threadsSeen: Set<UInt64> { get }
        var rows: Int { get }
    }

    /// Pinned: the actor's jobs go to `executor`, which runs them all on its one thread.
    actor PinnedPhotoDatabase: ThreadWitness {
        let executor: DedicatedThreadExecutor
        private(set) var threadsSeen: Set<UInt64> = []
        private(set) var rows = 0
        init(executor: DedicatedThreadExecutor) { self.executor = executor }
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        func insert(_ row: Int) {
            threadsSeen.insert(currentThreadID())
            rows += 1
        }
    }

    /// A default actor: the runtime runs it on whichever global-executor thread is free.
    actor DefaultPhotoDatabase: ThreadWitness {
        private(set) var threadsSeen: Set<UInt64> = []
        private(set) var rows = 0
        func insert(_ row: Int) {
            threadsSeen.insert(currentThreadID())
            rows += 1
        }
    }

    struct Run: Sendable {
        let threads: Int
        let onExecutorThread: Bool
        let rows: Int
        let secondsPerCall: Double
    }

    /// `tasks` tasks insert `callsPerTask` rows each, at once; time per call and threads seen.
    static func hammer(_ database: some ThreadWitness, executorThread: UInt64?) async -> Run {
        let clock = ContinuousClock()
        let start = clock.now
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for call in 0..<callsPerTask { await database.insert(task * callsPerTask + call) }
                }
            }
        }
        let seconds = start.duration(to: clock.now).seconds
        let threads = await database.threadsSeen
        return Run(
            threads: threads.count, onExecutorThread: executorThread.map { threads == [$0] } ?? false,
            rows: await database.rows, secondsPerCall: seconds / Double(tasks * callsPerTask))
    }

    /// Closer than this, two costs per call are "about the same".
    static let sameCost = 1.5

    /// The sentences, from the two runs.
    static func narrate(pinned: Run, shared: Run) -> [String] {
        var sentences: [String] = []
        if pinned.onExecutorThread {
            sentences.append(
                "Every call the pinned actor ran was on the executor's one thread; the default actor's calls ran on "
                    + (shared.threads == 1
                        ? "one thread too on this run (the runtime may use any)."
                        : "\(shared.threads) different threads."))
        } else {
            sentences.append(
                "The pinned actor's calls ran on \(pinned.threads) thread(s), not only its executor's: unexpected; see the table."
            )
        }
        if pinned.rows == tasks * callsPerTask, shared.rows == pinned.rows {
            sentences.append("Both stored all \(pinned.rows) rows: either way the actor ran one call at a time.")
        }
        // Only what was measured: the cost per call of each, not why (nothing here times the
        // hand-over to the executor's thread).
        let ratio = pinned.secondsPerCall / shared.secondsPerCall
        if ratio >= sameCost {
            sentences.append(
                "The pinned actor cost \(ratio.formattedAsRatio) as much per call as the default one. "
                    + "Pin an actor for a thread-bound library, not for speed.")
        } else if ratio <= 1 / sameCost {
            sentences.append("The pinned actor was \((1 / ratio).formattedAsRatio) cheaper per call on this run.")
        } else {
            sentences.append("Per call they cost about the same on this run (within \(sameCost.formattedAsRatio)).")
        }
        return sentences
    }

    static let variant = LessonVariant("serial-executor", title: "A custom SerialExecutor: an actor on one thread") {
        context in
        let console = context.console
        console.paragraph(
            """
            A SQLite connection must be used from one thread. An actor serializes calls but may run each \
            on a different thread; an actor whose unownedExecutor is a custom SerialExecutor runs all of \
            them where that executor says. \(tasks) tasks insert \(callsPerTask) rows each, at once, into \
            a pinned actor and into a default one; each records the threads that ran it.
            """)
        let executor = DedicatedThreadExecutor(name: "lab.database")
        defer { executor.stop() }
        let pinned = await context.probe.span("pinned actor: \(tasks)×\(callsPerTask) inserts") {
            await hammer(PinnedPhotoDatabase(executor: executor), executorThread: await executor.threadID)
        }
        let shared = await context.probe.span("default actor: \(tasks)×\(callsPerTask) inserts") {
            await hammer(DefaultPhotoDatabase(), executorThread: nil)
        }
        var table = Table(headers: ["actor", "threads that ran it", "rows", "per call"], rightAligned: [1, 2, 3])
        table.append([
            "pinned (custom SerialExecutor)", "\(pinned.threads)", "\(pinned.rows)",
            pinned.secondsPerCall.formattedAsDuration,
        ])
        table.append(["default", "\(shared.threads)", "\(shared.rows)", shared.secondsPerCall.formattedAsDuration])
        console.table(table)
        context.record("pinned_threads", "threads that ran the pinned actor", count: pinned.threads)
        context.record("default_threads", "threads that ran the default actor", count: shared.threads)
        context.record(
            "pinned_on_executor", "pinned actor only on its executor's thread", flag: pinned.onExecutorThread)
        context.record("pinned_seconds_per_call", "pinned actor, per call", seconds: pinned.secondsPerCall)
        context.record("default_seconds_per_call", "default actor, per call", seconds: shared.secondsPerCall)
        let ratio = pinned.secondsPerCall / shared.secondsPerCall
        context.record("pinned_cost_ratio", "pinned ÷ default, per call", ratio: ratio >= 1 ? ratio : 1 / ratio)
        _ = context.stated(ratio: sameCost)
        for sentence in narrate(pinned: pinned, shared: shared) { console.paragraph(sentence) }
    }
}
