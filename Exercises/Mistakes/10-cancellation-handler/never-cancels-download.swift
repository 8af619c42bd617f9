// mistake: resumes the caller with CancellationError but never cancels the download
// expect: never told
import LabCore
import Synchronization

final class Once: Sendable {
    let continuation = Mutex<CheckedContinuation<Int, any Error>?>(nil)
    func resume(with result: Result<Int, any Error>) { continuation.withLock { $0.take() }?.resume(with: result) }
}

func download(_ old: OldDownload) async throws -> Int {
    let once = Once()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            once.continuation.withLock { $0 = continuation }
            old.start { result in once.resume(with: result) }
        }
    } onCancel: {
        once.resume(with: .failure(CancellationError()))
    }
}
