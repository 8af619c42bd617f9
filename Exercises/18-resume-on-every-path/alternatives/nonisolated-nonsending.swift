// alternative: a nonisolated(nonsending) function, run on its caller's executor, the continuation resumed by the handler
import LabScenarios

nonisolated(nonsending) func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: granted)
            }
        }
    }
}
