import Foundation
import LabCore
import Synchronization

/// One shared counter, incremented from several tasks at once, four ways.
/// Written once: the actors lesson, the harness and the tests all use these.
public enum CounterKind: String, CaseIterable, Sendable {
    /// HAZARD, on purpose: a class whose `value += 1` races. This is the data race
    /// the lesson demonstrates; nothing else in the lab may share state like this.
    case unsafeClass = "unsafe class"
    case actor = "actor"
    case mutex = "Mutex"
    case atomic = "Atomic"
}

/// HAZARD, on purpose: `@unchecked Sendable` silences the compiler's data-race
/// check so that the race can happen and be counted. Do not copy this.
final class UnsafeCounter: @unchecked Sendable {
    var value = 0
    /// Busy steps between reading the counter and writing it back: the race window.
    /// Wider, a loss is more likely even when the tasks seldom run at the same instant.
    let window: Int

    init(window: Int = 0) { self.window = window }

    func increment() {
        // Read, then write, through an opaque call: without it the optimizer keeps
        // `value` in a register for the whole loop and the race all but vanishes
        // in release builds (measured: 0 lost updates with -O).
        let read = BlackHole.identity(value)
        for step in 0..<window { BlackHole.consume(UInt64(step)) }
        value = read + 1
    }
}

/// The safe counters are public: the harness times these very types.
public actor ActorCounter {
    public private(set) var value = 0
    public init() {}
    public func increment() { value += 1 }
}

public final class MutexCounter: Sendable {
    private let state = Mutex(0)
    public init() {}
    public func increment() { state.withLock { $0 += 1 } }
    public var value: Int { state.withLock { $0 } }
}

public final class AtomicCounter: Sendable {
    private let state = Atomic(0)
    public init() {}
    public func increment() { state.add(1, ordering: .relaxed) }
    public var value: Int { state.load(ordering: .relaxed) }
}

public enum CounterExperiment {
    /// How long the start barrier waits for the tasks: long enough for a busy multi-core
    /// machine to give each waiting task a thread (its scheduler runs a waiting thread within
    /// a few milliseconds), short enough that a one-thread pool, which never will, loses little.
    public static let startPatience = Duration.milliseconds(50)

    public struct Outcome: Sendable {
        public let kind: CounterKind
        public let tasks: Int
        public let expected: Int
        public let final: Int
        /// From the start barrier's opening to the last increment (the waiting is not counted).
        public let seconds: Double
        /// How many of the tasks were running at the start barrier when it opened: all of
        /// them on a machine with enough threads free, 1 where they could only run in turn.
        public let startedTogether: Int
        /// How many OS threads the tasks started on (at the start barrier): 1 where the executor
        /// ran them all on one thread, one after another.
        public let threads: Int
        public var lostUpdates: Int { expected - final }
        public var secondsPerIncrement: Double { seconds / Double(expected) }
    }

    /// `tasks` tasks each increment one shared counter `increments` times. They start
    /// together where the machine allows (a start barrier with a time limit, which spins on
    /// purpose: `StartBarrier` says why), so they really contend; where the executor has fewer
    /// threads than tasks (one CPU), they start as they can, and `startedTogether` says how many did.
    /// - Parameters:
    ///   - raceWindow: for the unsafe class, busy steps between its read and its write.
    ///   - together: how many tasks the start barrier waits for (all of them unless told;
    ///     a caller that measured the executor's width need not wait for more).
    ///   - patience: how long the barrier waits for them at most.
    public static func run(
        _ kind: CounterKind, tasks: Int, increments: Int, raceWindow: Int = 0,
        together: Int? = nil, patience: Duration = startPatience
    ) async -> Outcome {
        let barrier = StartBarrier(parties: max(1, min(together ?? tasks, tasks)), patience: patience)
        let startTogether = barrier.arriveAndWait
        let clock = ContinuousClock()
        let final: Int
        switch kind {
        case .unsafeClass:
            let counter = UnsafeCounter(window: raceWindow)
            await fanOut(tasks) {
                startTogether()
                for _ in 0..<increments { counter.increment() }
            }
            final = counter.value
        case .actor:
            let counter = ActorCounter()
            await fanOut(tasks) {
                startTogether()
                for _ in 0..<increments { await counter.increment() }
            }
            final = await counter.value
        case .mutex:
            let counter = MutexCounter()
            await fanOut(tasks) {
                startTogether()
                for _ in 0..<increments { counter.increment() }
            }
            final = counter.value
        case .atomic:
            let counter = AtomicCounter()
            await fanOut(tasks) {
                startTogether()
                for _ in 0..<increments { counter.increment() }
            }
            final = counter.value
        }
        let end = clock.now
        return Outcome(
            kind: kind, tasks: tasks, expected: tasks * increments, final: final,
            seconds: (barrier.openedInstant ?? end).duration(to: end).seconds,
            startedTogether: barrier.startedTogether, threads: barrier.threads)
    }

    private static func fanOut(_ tasks: Int, _ body: @escaping @Sendable () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks { group.addTask { await body() } }
        }
    }
}
