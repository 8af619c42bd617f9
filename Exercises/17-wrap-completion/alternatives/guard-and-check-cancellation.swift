// alternative: checkCancellation first, then a guard that resumes with the samples and returns early
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try Task.checkCancellation()
    return try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            guard let error else {
                continuation.resume(returning: samples)
                return
            }
            continuation.resume(throwing: error)
        }
    }
}
