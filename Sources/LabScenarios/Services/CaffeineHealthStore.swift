import Dispatch
import Foundation
import LabCore

/// A caffeine sample, as the Coffee Tracker sample saves to HealthKit.
public struct CaffeineSample: Sendable, Codable, Equatable, Identifiable {
    public let id: UUID
    public let milligrams: Double
    public let date: Date

    public init(id: UUID = UUID(), milligrams: Double, date: Date) {
        self.id = id
        self.milligrams = milligrams
        self.date = date
    }
}

/// An anchor for an anchored query: "what changed since this point".
public struct QueryAnchor: Sendable, Equatable, Codable {
    public let version: Int
}

public enum HealthStoreError: Error, Sendable, Equatable {
    case notAuthorized
    case injected(ServiceError)
}

/// A stand-in for HKHealthStore with its *completion-handler* API.
///
/// As in HealthKit, every completion runs later on an arbitrary background
/// queue, never on the caller's actor: exactly why Coffee Tracker's handlers
/// were not thread-safe, and what the continuations lesson wraps.
public final class CaffeineHealthStore: Sendable {
    public let behavior: ServiceBehavior
    public let meter: CallMeter
    /// What the user answers when asked for access (HealthKit's user may say no: the request
    /// then succeeds with `false` and no error). Exercise 18's check asks both kinds of store.
    public let grantsAuthorization: Bool
    /// How each answer is handed over once its latency has passed, with the operation's name: at
    /// once by default. Exercises 17 and 18's checks keep one kind of answer back and let it go
    /// from a thread of their own, to watch what the answer's code does from that moment.
    private let handOver: @Sendable (_ operation: String, _ answer: @escaping @Sendable () -> Void) -> Void
    private let state = Locked(StoreState())
    private let queue = DispatchQueue(label: "lab.healthstore.callbacks", attributes: .concurrent)

    private struct StoreState {
        var authorized = false
        var samples: [CaffeineSample] = []
        var deleted: [(id: UUID, version: Int)] = []
        var versions: [UUID: Int] = [:]
        var version = 0
    }

    public init(
        behavior: ServiceBehavior = ServiceBehavior(latency: .jitter(base: 0.5, spread: 0.2)),
        meter: CallMeter = CallMeter(), grantsAuthorization: Bool = true,
        handOver: @escaping @Sendable (_ operation: String, _ answer: @escaping @Sendable () -> Void) -> Void = { $1() }
    ) {
        self.behavior = behavior
        self.meter = meter
        self.grantsAuthorization = grantsAuthorization
        self.handOver = handOver
    }

    public func requestAuthorization(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        deliver("requestAuthorization") { store, failure in
            if let failure { return completion(false, failure) }
            let granted = store.grantsAuthorization
            store.state.withLock { $0.authorized = granted }
            completion(granted, nil)
        }
    }

    public func save(_ sample: CaffeineSample, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        deliver("save") { store, failure in
            if let failure { return completion(false, failure) }
            let saved = store.state.withLock { state -> Bool in
                guard state.authorized else { return false }
                state.version += 1
                state.samples.append(sample)
                state.versions[sample.id] = state.version
                return true
            }
            completion(saved, saved ? nil : HealthStoreError.notAuthorized)
        }
    }

    public func delete(id: UUID, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        deliver("delete") { store, failure in
            if let failure { return completion(false, failure) }
            store.state.withLock { state in
                state.version += 1
                state.samples.removeAll { $0.id == id }
                state.deleted.append((id, state.version))
            }
            completion(true, nil)
        }
    }

    /// The samples added and the ids deleted since `anchor` (everything when nil), and a new anchor.
    public func anchoredQuery(
        since anchor: QueryAnchor?,
        completion: @escaping @Sendable ([CaffeineSample], [UUID], QueryAnchor?, (any Error)?) -> Void
    ) {
        deliver("anchoredQuery") { store, failure in
            if let failure { return completion([], [], nil, failure) }
            let answer = store.state.withLock { state -> ([CaffeineSample], [UUID], QueryAnchor)? in
                guard state.authorized else { return nil }
                let since = anchor?.version ?? 0
                let added = state.samples.filter { (state.versions[$0.id] ?? 0) > since }
                let removed = state.deleted.filter { $0.version > since }.map(\.id)
                return (added, removed, QueryAnchor(version: state.version))
            }
            guard let (added, removed, newAnchor) = answer else {
                return completion([], [], nil, HealthStoreError.notAuthorized)
            }
            completion(added, removed, newAnchor, nil)
        }
    }

    /// Waits the simulated latency on a background queue, then hands `work` over (`handOver`: by
    /// default it runs there) with the injected failure, if this call is one that fails.
    private func deliver(_ operation: String, _ work: @escaping @Sendable (CaffeineHealthStore, (any Error)?) -> Void) {
        let index = meter.begin(key: operation)
        var random = SeededRandom(seed: behavior.seed, event: "\(operation)#\(index)")
        let latency = behavior.latency.sample(using: &random)
        let fails = random.nextUnit() < behavior.failures.rate
        let delay = behavior.scale.duration(sourceSeconds: latency)
        let error: (any Error)? = fails ? HealthStoreError.injected(behavior.failures.error) : nil
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay.seconds * 1e9))) { [self] in
            handOver(operation) { [self] in
                meter.end(fails ? .failed : .completed)
                work(self, error)
            }
        }
    }
}
