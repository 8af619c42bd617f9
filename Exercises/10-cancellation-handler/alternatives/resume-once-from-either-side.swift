// alternative: onCancel cancels the download and resumes the continuation itself, whichever of it and the handler comes first resuming it once
import LabCore
import Synchronization

/// Resumes the continuation once, whoever comes first: the download's handler or onCancel.
final class ResumeOnce: Sendable {
    private let continuation = Mutex<CheckedContinuation<Int, any Error>?>(nil)
    private let cancelled = Mutex(false)

    func set(_ c: CheckedContinuation<Int, any Error>) -> Bool {
        continuation.withLock { $0 = c }
        return cancelled.withLock { $0 }
    }
    func resume(with result: Result<Int, any Error>) {
        continuation.withLock { c in
            defer { c = nil }
            return c
        }?.resume(with: result)
    }
    func cancel() { cancelled.withLock { $0 = true } }
}

func download(_ old: OldDownload) async throws -> Int {
    let once = ResumeOnce()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            if once.set(continuation) { return once.resume(with: .failure(CancellationError())) }
            old.start { result in once.resume(with: result) }
        }
    } onCancel: {
        once.cancel()
        old.cancel()
        once.resume(with: .failure(CancellationError()))
    }
}
