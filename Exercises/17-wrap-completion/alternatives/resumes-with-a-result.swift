// alternative: an explicitly typed continuation resumed once with a Result made by an if expression
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[CaffeineSample], any Error>) in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            let result: Result<[CaffeineSample], any Error> = if let error { .failure(error) } else { .success(samples) }
            continuation.resume(with: result)
        }
    }
}
