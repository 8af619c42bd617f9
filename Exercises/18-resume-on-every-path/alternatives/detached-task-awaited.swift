// alternative: a detached task awaits the continuation, and the caller awaits that task's value
import LabScenarios

// The detached task is woken once on the pool by the handler's resume, and its end wakes the
// caller: no timer of the answer's takes part.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await Task.detached {
        try await withCheckedThrowingContinuation { continuation in
            store.requestAuthorization { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
    }.value
}
