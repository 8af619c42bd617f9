// alternative: resumed from the completion handler; the caller then logs the count on the main actor (print) and yields once before it returns
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    let samples: [CaffeineSample] = try await withCheckedThrowingContinuation { continuation in
        store.anchoredQuery(since: anchor) { samples, _, _, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: samples)
            }
        }
    }
    await MainActor.run { print("query answered: \(samples.count) samples") }
    await Task.yield()
    return samples
}
