// alternative: runs on the caller's actor, through an isolated parameter defaulted to #isolation, and hands that isolation to the continuation
import LabScenarios

func caffeineSamples(
    since anchor: QueryAnchor?, in store: CaffeineHealthStore, isolation: isolated (any Actor)? = #isolation
) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            guard let error else { return continuation.resume(returning: samples) }
            continuation.resume(throwing: error)
        }
    }
}
