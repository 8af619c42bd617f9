// alternative: an AsyncThrowingStream bridges the handler and is never finished; its reader returns the first value, and the stream's onTermination then calls cancel() on a download already done, which does nothing
import LabCore

// The handler's one result is yielded; the reader returns it and lets go of the stream, which
// ends it as cancelled: cancel() comes after the download finished, every run.
func download(_ old: OldDownload) async throws -> Int {
    let stream = AsyncThrowingStream<Int, any Error> { continuation in
        continuation.onTermination = { termination in
            if case .cancelled = termination { old.cancel() }
        }
        old.start { result in continuation.yield(with: result) }
    }
    for try await bytes in stream {
        return bytes
    }
    try Task.checkCancellation()
    throw CancellationError()
}
