// alternative: the continuation is awaited in a detached task; onCancel cancels the download, whose handler ends that task
import LabCore

// The detached task is woken once on the pool by the handler's resume, and its end wakes the
// caller: no timer of the answer's takes part.
func download(_ old: OldDownload) async throws -> Int {
    let transfer = Task.detached {
        try await withCheckedThrowingContinuation { continuation in
            old.start { result in continuation.resume(with: result) }
        }
    }
    return try await withTaskCancellationHandler {
        try await transfer.value
    } onCancel: {
        old.cancel()
    }
}
