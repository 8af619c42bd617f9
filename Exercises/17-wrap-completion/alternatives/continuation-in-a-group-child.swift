// alternative: the continuation awaited in a throwing group's one child, whose result the caller takes
import LabScenarios

// The query runs in a group's one child, whose result the caller takes.
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withThrowingTaskGroup(of: [CaffeineSample].self) { group in
        group.addTask {
            try await withCheckedThrowingContinuation { continuation in
                store.anchoredQuery(since: anchor) { samples, _, _, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples)
                    }
                }
            }
        }
        return try await group.next() ?? []
    }
}
