// mistake: the starting file: no resume on the error path
// expect: did not finish
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if error == nil { continuation.resume(returning: granted) }
        }
    }
}
