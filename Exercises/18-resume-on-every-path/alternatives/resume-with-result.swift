// alternative: resume(with:) a Result made from the error, or the answer
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            continuation.resume(with: error.map { .failure($0) } ?? .success(granted))
        }
    }
}
