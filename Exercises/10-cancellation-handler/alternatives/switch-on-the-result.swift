// alternative: the handler switches on the result, and onCancel is a nested @Sendable function
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    @Sendable func stop() { old.cancel() }
    return try await withTaskCancellationHandler(
        operation: {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                old.start { result in
                    switch result {
                    case .success(let bytes): continuation.resume(returning: bytes)
                    case .failure(let error): continuation.resume(throwing: error)
                    }
                }
            }
        },
        onCancel: stop)
}
