// alternative: the wrapper marked @concurrent, resumed with(a Result) built from the handler's error or samples
import LabScenarios

// Marked @concurrent: it runs off the caller's actor, which the continuation does not need.
@concurrent
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            continuation.resume(with: error.map { .failure($0) } ?? .success(samples))
        }
    }
}
