import LabCore

// Exercise 10 · solution: onCancel runs the moment the task is cancelled.

func download(_ old: OldDownload) async throws -> Int {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            old.start { result in continuation.resume(with: result) }
        }
    } onCancel: {
        old.cancel()
    }
}
