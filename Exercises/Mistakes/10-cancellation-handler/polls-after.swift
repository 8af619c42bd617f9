// mistake: checks Task.isCancelled after the download finishes
// expect: ignored the cancellation
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    let size = try await withCheckedThrowingContinuation { continuation in
        old.start { result in continuation.resume(with: result) }
    }
    if Task.isCancelled { old.cancel() }
    return size
}
