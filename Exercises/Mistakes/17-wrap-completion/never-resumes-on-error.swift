// mistake: resumes only on success: an error leaves the caller waiting forever
// expect: did not finish
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            if error == nil { continuation.resume(returning: samples) }
        }
    }
}
