// alternative: an async let child awaits the continuation; the handler around it cancels the download
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try await withTaskCancellationHandler {
        async let bytes = withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            old.start { result in continuation.resume(with: result) }
        }
        return try await bytes
    } onCancel: {
        old.cancel()
    }
}
