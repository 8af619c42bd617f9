// alternative: a generic helper that awaits any completion handler answering a value or an error
import LabScenarios

/// Any completion-handler call that answers a value or an error, awaited.
func bridged<Value: Sendable>(
    _ start: (@escaping @Sendable (Value, (any Error)?) -> Void) -> Void
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        start { value, error in
            if let error {
                continuation.resume(throwing: error)
            } else {
                continuation.resume(returning: value)
            }
        }
    }
}

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await bridged { store.requestAuthorization(completion: $0) }
}
