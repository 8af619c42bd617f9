// alternative: the handler's actor holds the continuation, and the download starts in an immediate task (Task.immediate), which hands the actor's first turn to the pool as it begins
import LabCore

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
            // An immediate task where the runtime has them (Swift 6.2's: macOS 26), else a task.
            if #available(macOS 26.0, *) {
                Task.immediate { await state.start(continuation) }
            } else {
                Task { await state.start(continuation) }
            }
        }
    } onCancel: {
        Task { await state.cancel() }
    }
}
