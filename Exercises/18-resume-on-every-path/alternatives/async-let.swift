// alternative: the continuation awaited through an async let, a child task that inherits the caller's executor
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    async let granted: Bool = withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: granted)
            }
        }
    }
    return try await granted
}
