// alternative: the query is noted on the main actor through an async let, awaited before the bridge: its child ends on the main actor and wakes the caller from there, while the store works (refused as woken from outside before helper 168's fix)
import LabScenarios

@MainActor func noteQuery(since anchor: QueryAnchor?) {
    _ = anchor
}

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    async let noted: Void = noteQuery(since: anchor)
    await noted
    return try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: samples)
            }
        }
    }
}
