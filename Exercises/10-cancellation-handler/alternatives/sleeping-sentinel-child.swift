// alternative: a task group races the download against a child that sleeps until cancelled, and cancels the download when it wakes so
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try await withThrowingTaskGroup(of: Int?.self) { group in
        group.addTask {
            try await withCheckedThrowingContinuation { continuation in
                old.start { result in continuation.resume(with: result) }
            }
        }
        group.addTask {
            // Wakes only when the group is cancelled: by the caller's cancel, or once the download is done.
            do { try await Task.sleep(for: .seconds(86_400)) } catch { old.cancel() }
            return nil
        }
        defer { group.cancelAll() }
        while let next = try await group.next() {
            if let bytes = next { return bytes }
        }
        throw CancellationError()
    }
}
