/// A clock a test moves by hand: `sleep` suspends until `advance` passes its deadline, so
/// code that waits for time (a timeout, a debounce, a retry's back-off) is tested without
/// waiting for it and without guessing how long the machine takes. The test awaits the exact
/// event it needs, `sleepers(reach:)`, before it advances. Shared by the testing-async lesson
/// and the exercise checks that grade code taking a clock.
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public let offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Start { case waits, due, cancelled }
                let (start, watchers) = state.withLock { state -> (Start, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (.cancelled, []) }
                    if deadline <= state.now { return (.due, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (.waits, Self.satisfiedWatchers(&state))
                }
                for watcher in watchers { watcher.resume() }
                switch start {
                case .waits: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many sleeps have begun on this clock, ended or not: code that waits for one deadline
    /// sleeps once; code that looks at `now` again and again sleeps once per look.
    public var sleepsBegun: Int { state.withLock { Int($0.nextID) } }

    /// How many tasks are sleeping on this clock now.
    public var sleepingCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves time on and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once at least `count` tasks are sleeping on this clock: the event a test awaits
    /// before it advances time, instead of yielding and hoping the code got there.
    public func sleepers(reach count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func satisfiedWatchers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let sleeping = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= sleeping }.map(\.continuation)
        state.watchers.removeAll { $0.count <= sleeping }
        return ready
    }
}
