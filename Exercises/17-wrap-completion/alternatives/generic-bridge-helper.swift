// alternative: a generic bridge over any completion handler, a guard for the error and a log line
import LabScenarios

/// Turns any call that answers once through a completion handler into an async one.
func bridge<Value: Sendable>(_ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Void) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        start { continuation.resume(with: $0) }
    }
}

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    let answer: QueryAnswer = try await bridge { done in
        store.anchoredQuery(since: anchor) { samples, deleted, newAnchor, error in
            guard error == nil else { return done(.failure(error!)) }
            done(.success(QueryAnswer(samples: samples, deletedCount: deleted.count, anchor: newAnchor)))
        }
    }
    print("query: \(answer.samples.count) samples, \(answer.deletedCount) deleted")
    return answer.samples
}

struct QueryAnswer: Sendable {
    let samples: [CaffeineSample]
    let deletedCount: Int
    let anchor: QueryAnchor?
}
