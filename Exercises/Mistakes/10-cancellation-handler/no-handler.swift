// mistake: the starting continuation, with no cancellation handler
// expect: ignored the cancellation
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
        old.start { result in continuation.resume(with: result) }
    }
}
