// mistake: resumes with the error and then again with the samples
// expect: crashed
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            if let error { continuation.resume(throwing: error) }
            continuation.resume(returning: samples)
        }
    }
}
