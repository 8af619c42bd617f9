// alternative: an isolated parameter with #isolation as its default, handed to the continuation
import LabCore

// Runs on its caller's actor (if any): the continuation and the handler do not care where.
func download(_ old: OldDownload, isolation: isolated (any Actor)? = #isolation) async throws -> Int {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation(isolation: isolation) { continuation in
            old.start { result in continuation.resume(with: result) }
        }
    } onCancel: {
        old.cancel()
    }
}
