// mistake: always queries since nil: every sample comes back, whatever anchor the caller passed
// expect: pass the anchor on
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: nil) { samples, _, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: samples)
            }
        }
    }
}
