// mistake: resumes with the samples even when the store reports an error
// expect: should throw
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    await withCheckedContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, _ in continuation.resume(returning: samples) }
    }
}
