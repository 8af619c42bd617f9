// alternative: an actor holds the continuation; onCancel reaches it through a task
import LabCore

// An actor keeps the download's continuation; onCancel asks it, in a task, to cancel.
actor DownloadState {
    private var continuation: CheckedContinuation<Int, any Error>?
    private var cancelled = false
    let old: OldDownload
    init(_ old: OldDownload) { self.old = old }

    func start(_ continuation: CheckedContinuation<Int, any Error>) {
        guard !cancelled else { return continuation.resume(throwing: CancellationError()) }
        self.continuation = continuation
        old.start { result in Task { await self.finish(result) } }
    }

    func finish(_ result: Result<Int, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }

    func cancel() {
        cancelled = true
        old.cancel()
    }
}

func download(_ old: OldDownload) async throws -> Int {
    let state = DownloadState(old)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            Task { await state.start(continuation) }
        }
    } onCancel: {
        Task { await state.cancel() }
    }
}
