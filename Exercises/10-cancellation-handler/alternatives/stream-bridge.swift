// alternative: an AsyncThrowingStream bridges the handler; its onTermination cancels the download
import LabCore

// The completion handler feeds a stream; ending the stream (the task cancelled) cancels the download.
func download(_ old: OldDownload) async throws -> Int {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
        continuation.onTermination = { termination in
            if case .cancelled = termination { old.cancel() }
        }
        old.start { result in
            continuation.yield(with: result)
            continuation.finish()
        }
    }
    for try await bytes in stream {
        return bytes
    }
    try Task.checkCancellation()
    throw CancellationError()
}
