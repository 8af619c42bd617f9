import LabCore

/// Counts a service's calls: how many, how many at once, and how each ended.
///
/// Tests and exercises prove concurrency with these counts instead of timing:
/// a sequential loop never has two calls in flight, a fan-out does.
public final class CallMeter: Sendable {
    private let state = Locked(CallStats())

    public init() {}

    /// Records a call starting; returns how many calls with this key came before it.
    func begin(key: String) -> Int {
        state.withLock { stats in
            stats.calls += 1
            stats.inFlight += 1
            stats.maxInFlight = max(stats.maxInFlight, stats.inFlight)
            let index = stats.callsByKey[key, default: 0]
            stats.callsByKey[key] = index + 1
            return index
        }
    }

    func end(_ outcome: CallOutcome) {
        state.withLock { stats in
            stats.inFlight -= 1
            switch outcome {
            case .completed: stats.completed += 1
            case .failed: stats.failed += 1
            case .cancelled: stats.cancelled += 1
            }
        }
    }

    public var stats: CallStats { state.withLock { $0 } }

    public func reset() { state.withLock { $0 = CallStats() } }
}

enum CallOutcome { case completed, failed, cancelled }

/// A snapshot of a meter.
public struct CallStats: Sendable, Equatable, Codable {
    public var calls = 0
    public var inFlight = 0
    public var maxInFlight = 0
    public var completed = 0
    public var failed = 0
    /// Calls that stopped because their task was cancelled while waiting.
    public var cancelled = 0
    public var callsByKey: [String: Int] = [:]

    public init() {}
}
