// mistake: resumes with the error, then falls through and resumes again
// expect: crashed
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if let error { continuation.resume(throwing: error) }
            continuation.resume(returning: granted)
        }
    }
}
