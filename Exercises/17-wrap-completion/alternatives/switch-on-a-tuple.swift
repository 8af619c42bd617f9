// alternative: the handler switches on its samples and error as a pair, the continuation's type written out
import LabScenarios

// The handler's samples and error, switched on as a pair.
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[CaffeineSample], any Error>) in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            switch (samples, error) {
            case (_, let error?): continuation.resume(throwing: error)
            case (let samples, nil): continuation.resume(returning: samples)
            }
        }
    }
}
