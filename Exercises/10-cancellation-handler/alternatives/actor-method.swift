// alternative: an actor's method does the work; the free function calls it
import LabCore

/// The app's downloader: an actor, so its bookkeeping (none here yet) stays on one executor.
actor Downloader {
    func run(_ old: OldDownload) async throws -> Int {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                old.start { result in continuation.resume(with: result) }
            }
        } onCancel: {
            old.cancel()
        }
    }
}

func download(_ old: OldDownload) async throws -> Int {
    try await Downloader().run(old)
}
