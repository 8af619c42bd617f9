// mistake: ignores the handler's error and throws "not authorized" whenever no samples came back
// expect: no samples is not an error
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, _ in
            if samples.isEmpty {
                continuation.resume(throwing: HealthStoreError.notAuthorized)
            } else {
                continuation.resume(returning: samples)
            }
        }
    }
}
