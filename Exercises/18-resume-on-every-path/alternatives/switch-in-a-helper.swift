// alternative: a helper that switches on the error and resumes once, with a log line
import LabScenarios

/// Resumes once with what the store reported: its error if it has one, else its answer.
func finish(_ continuation: CheckedContinuation<Bool, any Error>, granted: Bool, error: (any Error)?) {
    switch error {
    case .some(let error):
        print("authorization failed: \(error)")
        continuation.resume(throwing: error)
    case .none:
        continuation.resume(returning: granted)
    }
}

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            finish(continuation, granted: granted, error: error)
        }
    }
}
