// alternative: the completion handler yields its one answer into an AsyncThrowingStream, which the caller awaits
import LabScenarios

// The completion handler yields its one answer into a throwing stream, which the caller awaits.
func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    let (answers, continuation) = AsyncThrowingStream.makeStream(of: [CaffeineSample].self)
    store.anchoredQuery(since: anchor) { samples, _, _, error in
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.yield(samples)
            continuation.finish()
        }
    }
    for try await samples in answers { return samples }
    return []
}
