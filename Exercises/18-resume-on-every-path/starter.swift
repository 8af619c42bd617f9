import LabScenarios

// Exercise 18 · continuations · Resume exactly once, on every path
//
// This wrapper asks the health store for authorization. It works when the store says
// yes or no, but when the request fails, nothing resumes the continuation, and the
// caller waits forever.
//
// TODO: resume the continuation exactly once on every path: return the answer, or
// throw the error.

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            if error == nil {
                continuation.resume(returning: granted)
            }
        }
    }
}
