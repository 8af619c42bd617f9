import Foundation
import LabBench
import LabCore
import Lessons

/// From task.cancel() to the end of a callback-based download: polling vs a handler.
enum CancellationSuite {
    static func suite() -> BenchmarkSuite {
        let poll = Duration.milliseconds(5)
        func variant(_ name: String, _ wrapper: @escaping @Sendable (LegacyDownload) async throws -> Int)
            -> BenchmarkVariant
        {
            BenchmarkVariant(name) { iterations in
                for _ in 0..<iterations {
                    let download = LegacyDownload(duration: .seconds(10))
                    let task = Task { try await wrapper(download) }
                    await Task.yield()
                    task.cancel()
                    _ = await task.result
                }
            }
        }
        return BenchmarkSuite(
            name: "cancellation latency", kind: .pattern,
            summary:
                "start a callback-based download, cancel its task, wait for it to end; polling every 5 ms vs withTaskCancellationHandler",
            reference: "polling",
            variants: [
                variant("polling") { download in try await CancellableDownload.polling(download, every: poll) },
                variant("handler") { download in try await CancellableDownload.withHandler(download) },
            ])
    }
}
