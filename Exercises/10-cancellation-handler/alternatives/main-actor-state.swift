// alternative: the continuation kept in a @MainActor state, made with await, set and resumed in main-actor tasks
import LabCore

/// The download's continuation, kept on the main actor (where the app's UI state lives).
@MainActor
final class DownloadState {
    private var continuation: CheckedContinuation<Int, any Error>?
    private var cancelled = false
    let old: OldDownload
    init(_ old: OldDownload) { self.old = old }

    func start(_ continuation: CheckedContinuation<Int, any Error>) {
        guard !cancelled else { return continuation.resume(throwing: CancellationError()) }
        self.continuation = continuation
        old.start { result in Task { @MainActor in self.finish(result) } }
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
    let state = await DownloadState(old)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            Task { @MainActor in state.start(continuation) }
        }
    } onCancel: {
        old.cancel()
        Task { @MainActor in state.cancel() }
    }
}
