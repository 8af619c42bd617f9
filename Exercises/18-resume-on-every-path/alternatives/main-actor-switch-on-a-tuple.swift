// alternative: a main-actor function, the continuation resumed by the handler from the store's queue
import LabScenarios

@MainActor
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            switch (granted, error) {
            case (_, let error?): continuation.resume(throwing: error)
            case (let granted, nil): continuation.resume(returning: granted)
            }
        }
    }
}
