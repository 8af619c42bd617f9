// alternative: the handler resumes from a Task.immediate, which runs at once on the handler's thread
import LabScenarios

// The handler resumes from a Task.immediate, which runs at once on the handler's thread.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            Task.immediate {
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: granted)
                }
            }
        }
    }
}
