// alternative: the completion handler begins a main-actor task that resumes the continuation, as an app that passes every answer through its main actor does
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            Task { @MainActor in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples)
                }
            }
        }
    }
}
