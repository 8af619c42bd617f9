// alternative: the completion handler hands the answer to an actor, which records it and resumes the continuation
import LabScenarios

/// Every answer the store gave, and the one resume that passes it on.
actor AccessLog {
    private(set) var answers: [Bool] = []
    func record(_ result: Result<Bool, any Error>, resuming continuation: CheckedContinuation<Bool, any Error>) {
        if case .success(let granted) = result { answers.append(granted) }
        continuation.resume(with: result)
    }
}

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    let log = AccessLog()
    return try await withCheckedThrowingContinuation { continuation in
        store.requestAuthorization { granted, error in
            let result: Result<Bool, any Error> = error.map { .failure($0) } ?? .success(granted)
            Task { await log.record(result, resuming: continuation) }
        }
    }
}
