import LabCore
import LabScenarios

/// Every call a check's service saw: its key, when it started and ended. Checks use
/// it to prove *which* calls overlapped, so decoy calls cannot fake concurrency.
final class CallLog: Sendable {
    struct Call: Sendable {
        let key: String
        let start: ContinuousClock.Instant
        var end: ContinuousClock.Instant?
    }
    private let calls = Locked<[Call]>([])

    func record<T: Sendable>(_ key: String, _ body: () async throws -> T) async throws -> T {
        let index = calls.withLock { calls -> Int in
            calls.append(Call(key: key, start: .now, end: nil))
            return calls.count - 1
        }
        defer { calls.withLock { $0[index].end = .now } }
        return try await body()
    }

    /// Calls with this key prefix that started while the call `key` was in flight and after
    /// another call that was in flight with it had ended: calls that took a place a call beside
    /// `key` freed. Calls started together with `key` do not count, however far apart a busy
    /// machine started them, as long as none of them could end before the last had started (a
    /// `PeakHold` sees to that); nor does a call that ended before `key` began, so a batch that
    /// follows an earlier batch has freed no place beside its own first call.
    func startedInFreedPlaces(during key: String, startingWith prefix: String) -> Int {
        calls.withLock { calls in
            guard let window = calls.first(where: { $0.key == key }) else { return 0 }
            let chosen = calls.filter { $0.key.hasPrefix(prefix) && $0.key != key }
            guard let firstFreed = chosen.compactMap(\.end).filter({ $0 > window.start }).min() else { return 0 }
            let end = window.end ?? .now
            return chosen.filter { $0.start > firstFreed && $0.start < end }.count
        }
    }

    func keys(startingWith prefix: String) -> [String] {
        calls.withLock { $0.map(\.key).filter { $0.hasPrefix(prefix) } }
    }

    /// The most calls with this key prefix in flight at one moment.
    func maxInFlight(startingWith prefix: String) -> Int {
        let chosen = calls.withLock { $0.filter { $0.key.hasPrefix(prefix) } }
        var events: [(ContinuousClock.Instant, Int)] = []
        for call in chosen {
            events.append((call.start, 1))
            events.append((call.end ?? .now, -1))
        }
        events.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var current = 0
        var most = 0
        for (_, change) in events {
            current += change
            most = max(most, current)
        }
        return most
    }
}
