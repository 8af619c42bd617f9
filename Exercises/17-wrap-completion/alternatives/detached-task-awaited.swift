// alternative: the continuation awaited in a Task.detached whose value the caller awaits: the task holds no thread while the store works
import LabScenarios

// The continuation is awaited in a detached task, whose value the caller awaits.
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await Task.detached {
        try await withCheckedThrowingContinuation { continuation in
            store.anchoredQuery(since: anchor) { samples, _, _, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples)
                }
            }
        }
    }.value
}
