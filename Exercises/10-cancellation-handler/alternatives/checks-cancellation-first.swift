// alternative: a task already cancelled never starts the download; one cancelled later cancels it in onCancel
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try Task.checkCancellation()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            old.start { result in continuation.resume(with: result) }
        }
    } onCancel: {
        old.cancel()
    }
}
