// alternative: the wrapper isolated to the main actor, as a view model's would be: the continuation suspends the main actor's task, and the return hops back
import LabScenarios

@MainActor
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples) }
        }
    }
}
