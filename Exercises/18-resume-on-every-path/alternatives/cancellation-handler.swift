// alternative: the continuation inside withTaskCancellationHandler, whose handler only logs
import LabScenarios

// Wrapped in a cancellation handler: the store's request cannot be taken back, so cancelling
// only logs; the continuation is still resumed once, by the handler.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            store.requestAuthorization { granted, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
            }
        }
    } onCancel: {
        print("authorization request cancelled; waiting for the store's answer")
    }
}
