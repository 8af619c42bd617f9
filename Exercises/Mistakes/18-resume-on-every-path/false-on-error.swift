// mistake: resumes with false instead of throwing the error
// expect: should throw
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            continuation.resume(returning: error == nil && granted)
        }
    }
}
