// alternative: onCancel is the download's cancel method itself
import LabCore

// onCancel is handed the download's own cancel method.
func download(_ old: OldDownload) async throws -> Int {
    try await withTaskCancellationHandler(operation: {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
            old.start { continuation.resume(with: $0) }
        }
    }, onCancel: old.cancel)
}
