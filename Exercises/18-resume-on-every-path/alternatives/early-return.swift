// alternative: resumes with the error and returns early; the answer bound to a typed local
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    let granted: Bool = try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if let error {
                continuation.resume(throwing: error)
                return
            }
            continuation.resume(returning: granted)
        }
    }
    return granted
}
