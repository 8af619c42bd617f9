// alternative: a guard handles the error first and returns from the handler; the answer is resumed after it
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
        store.requestAuthorization { granted, error in
            guard error == nil else {
                return continuation.resume(throwing: error!)
            }
            continuation.resume(returning: granted)
        }
    }
}
