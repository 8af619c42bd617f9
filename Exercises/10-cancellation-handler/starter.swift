import LabCore

// Exercise 10 · cancellation · Cancel a callback-based download at once
//
// An old photo API downloads with start(completion:) and can stop with cancel(), like
// URLSessionDataTask. This wrapper awaits the completion, but when its task is
// cancelled the download goes on to the end.
//
// TODO: when the task is cancelled, cancel the download at once.

func download(_ old: OldDownload) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
        old.start { result in continuation.resume(with: result) }
    }
}
