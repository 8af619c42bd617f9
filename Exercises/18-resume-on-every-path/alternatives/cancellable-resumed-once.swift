// alternative: cancellable: an actor resumes the continuation once, with the store's answer or with CancellationError, whichever comes first
import LabScenarios

/// The one answer the caller gets: the first of the store's answer and the cancellation.
actor OneAnswer {
    private var continuation: CheckedContinuation<Bool, any Error>?
    private var cancelled = false
    func hold(_ continuation: CheckedContinuation<Bool, any Error>) {
        if cancelled { continuation.resume(throwing: CancellationError()) } else { self.continuation = continuation }
    }
    // Whichever comes second finds no continuation: resumed once.
    func finish(_ result: Result<Bool, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
    func cancel() {
        cancelled = true
        finish(.failure(CancellationError()))
    }
}

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    let answer = OneAnswer()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            Task {
                await answer.hold(continuation)
                store.requestAuthorization { granted, error in
                    Task { await answer.finish(error.map { .failure($0) } ?? .success(granted)) }
                }
            }
        }
    } onCancel: {
        Task { await answer.cancel() }
    }
}
