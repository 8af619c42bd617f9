import Foundation
import LabKit
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
    public struct Outcome: Sendable {
        public let kind: CounterKind
        public let tasks: Int
        public let expected: Int
        public let final: Int
        public let seconds: Double
        public var lostUpdates: Int { expected - final }
        public var secondsPerIncrement: Double { seconds / Double(expected) }
    }

    /// `tasks` tasks each increment one shared counter `increments` times. They start
    /// together (a barrier), so they really contend. `tasks` must not exceed the
    /// executor's width, or the barrier would wait for a task that cannot start.
    /// - Parameter raceWindow: for the unsafe class, busy steps between its read and its write.
    public static func run(_ kind: CounterKind, tasks: Int, increments: Int, raceWindow: Int = 0) async -> Outcome {
        let barrier = StartBarrier(parties: tasks)
        let startTogether = barrier.arriveAndWait
        let clock = ContinuousClock()
        let start = clock.now
        let final: Int
        switch kind {
        case .unsafeClass:
            let counter = UnsafeCounter(window: raceWindow)
            await fanOut(tasks) { startTogether(); for _ in 0..<increments { counter.increment() } }
            final = counter.value
        case .actor:
            let counter = ActorCounter()
            await fanOut(tasks) { startTogether(); for _ in 0..<increments { await counter.increment() } }
            final = await counter.value
        case .mutex:
            let counter = MutexCounter()
            await fanOut(tasks) { startTogether(); for _ in 0..<increments { counter.increment() } }
            final = counter.value
        case .atomic:
            let counter = AtomicCounter()
            await fanOut(tasks) { startTogether(); for _ in 0..<increments { counter.increment() } }
            final = counter.value
        }
        return Outcome(kind: kind, tasks: tasks, expected: tasks * increments, final: final,
                       seconds: start.duration(to: clock.now).seconds)
    }

    private static func fanOut(_ tasks: Int, _ body: @escaping @Sendable () async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks { group.addTask { await body() } }
        }
    }
}

/// Holds each arriving task until `parties` tasks have arrived, so they start together.
/// Spins rather than suspends: the point is that every task is *running* at once.
final class StartBarrier: Sendable {
    private let arrived = Atomic(0)
    let parties: Int

    init(parties: Int) { self.parties = parties }

    @Sendable func arriveAndWait() {
        arrived.add(1, ordering: .relaxed)
        while arrived.load(ordering: .relaxed) < parties {}
    }
}
