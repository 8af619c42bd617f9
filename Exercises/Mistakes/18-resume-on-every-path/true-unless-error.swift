// mistake: resumes on every path, but with true whenever there is no error: a user who says no is reported as yes
// expect: must return what the store answers
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: true)
            }
        }
    }
}
