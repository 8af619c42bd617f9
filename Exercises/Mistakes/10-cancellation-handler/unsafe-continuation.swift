// mistake: an unsafe continuation with a backticked name
// expect: withUnsafeThrowingContinuation
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try await withTaskCancellationHandler {
        try await `withUnsafeThrowingContinuation` { continuation in
            old.start { result in continuation.resume(with: result) }
        }
    } onCancel: { old.cancel() }
}
