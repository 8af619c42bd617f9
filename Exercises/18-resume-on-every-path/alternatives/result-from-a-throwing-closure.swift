// alternative: resume(with:) a Result made by Result's throwing-closure initializer
import LabScenarios

// The handler's pair becomes a Result through a throwing closure, which resume(with:) takes.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            let result = Result { () throws -> Bool in
                if let error { throw error }
                return granted
            }
            continuation.resume(with: result)
        }
    }
}
