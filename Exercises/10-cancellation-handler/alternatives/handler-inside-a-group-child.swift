// alternative: a throwing task group of one child, which wraps the download in the cancellation handler; the group's cancellation reaches it
import LabCore

func download(_ old: OldDownload) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    old.start { result in continuation.resume(with: result) }
                }
            } onCancel: {
                old.cancel()
            }
        }
        return try await group.next()!
    }
}
