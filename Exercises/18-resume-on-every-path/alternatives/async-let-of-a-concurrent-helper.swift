// alternative: a @concurrent helper awaited through an async let
import LabScenarios

// Asked from a @concurrent helper, its answer bound with async let.
@concurrent
func ask(_ store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            guard let error else { return continuation.resume(returning: granted) }
            continuation.resume(throwing: error)
        }
    }
}

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    async let granted = ask(store)
    return try await granted
}
