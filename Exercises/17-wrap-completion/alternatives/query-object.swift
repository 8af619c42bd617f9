// alternative: a query object (HKAnchoredObjectQuery's shape) whose async run() the wrapper awaits, its handler a guard that returns early
import LabScenarios

/// One anchored query, as an object the caller awaits: HealthKit's HKAnchoredObjectQuery shape.
struct SamplesQuery: Sendable {
    let store: CaffeineHealthStore
    let anchor: QueryAnchor?

    func run() async throws -> [CaffeineSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.anchoredQuery(since: anchor) { samples, _, _, error in
                guard let error else { return continuation.resume(returning: samples) }
                continuation.resume(throwing: error)
            }
        }
    }
}

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await SamplesQuery(store: store, anchor: anchor).run()
}
