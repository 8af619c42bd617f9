import Foundation
import LabCore
import LabTrace
import LessonKit

/// Stopping callback-based work: polling the flag vs `withTaskCancellationHandler`.
enum CancellationHandlerVariant {
    static let variant = LessonVariant(
        "handler", title: "withTaskCancellationHandler vs polling for callback-based work"
    ) { context in
        let console = context.console
        let poll = context.scale.duration(sourceSeconds: 0.5)
        console.paragraph(
            """
            An older photo API downloads with a completion handler and has its own cancel() (like \
            URLSessionDataTask). Wrapped in an async function, it does not see Task cancellation by \
            itself. One wrapper polls Task.isCancelled every \(context.stated(seconds: poll.seconds)) on a plain timer \
            (Task.sleep would itself wake on cancellation) and calls cancel(); \
            the other installs withTaskCancellationHandler, whose onCancel runs the moment the task \
            is cancelled. We cancel each of five downloads at a random moment and time how late \
            cancel() reached the download.
            """)
        let length = context.scale.duration(sourceSeconds: 10)
        var polling: [Double] = []
        var handler: [Double] = []
        var random = SeededRandom(seed: context.options.seed, event: "cancel moments")
        for round in 0..<5 {
            let after = length * (0.2 + 0.4 * random.nextUnit())
            polling.append(
                try await latency(after: after, probe: context.probe, label: "polling \(round + 1)") { download in
                    try await CancellableDownload.polling(download, every: poll)
                })
            handler.append(
                try await latency(after: after, probe: context.probe, label: "handler \(round + 1)") { download in
                    try await CancellableDownload.withHandler(download)
                })
        }
        let meanPolling = polling.reduce(0, +) / Double(polling.count)
        let meanHandler = handler.reduce(0, +) / Double(handler.count)
        context.record(
            "polling_mean_latency_seconds", "polling: cancel() reached the download after (mean of 5)",
            seconds: meanPolling)
        context.record("polling_worst_latency_seconds", "polling: worst", seconds: polling.max() ?? 0)
        context.record(
            "handler_mean_latency_seconds", "handler: cancel() reached the download after (mean of 5)",
            seconds: meanHandler)
        context.record("handler_worst_latency_seconds", "handler: worst", seconds: handler.max() ?? 0)
        _ = context.stated(seconds: poll.seconds)  // the poll interval is a setting, said as one
        console.paragraph(
            narrate(
                meanPolling: meanPolling, worstPolling: polling.max() ?? 0, poll: poll.seconds, meanHandler: meanHandler
            ))
    }

    /// The comparison, from the run's figures: polling is late by up to one interval only where
    /// the timer and the task woke on time (on one busy CPU they did not: measured 61 ms of 25).
    static func narrate(meanPolling: Double, worstPolling: Double, poll: Double, meanHandler: Double) -> String {
        let bound =
            worstPolling <= poll
            ? "at most one poll interval, \(poll.formattedAsDuration)"
            : "worst \(worstPolling.formattedAsDuration), more than one poll interval of \(poll.formattedAsDuration): "
                + "the timer and the polling task also waited for a thread to run on"
        return
            "Polling reached the download \(meanPolling.formattedAsDuration) after cancel() on average (\(bound)); the handler in "
            + "\(meanHandler.formattedAsDuration). The handler costs nothing while the download runs, and it cannot miss: if the "
            + "task was cancelled before the download started, onCancel runs at once and the download sees it on start()."
    }

    /// Starts a download in a task, cancels the task after `after`, and returns how
    /// long after `task.cancel()` the download's own cancel() was called.
    static func latency(
        after: Duration, probe: Probe, label: String,
        _ wrapper: @escaping @Sendable (LegacyDownload) async throws -> Int
    ) async throws -> Double {
        let download = LegacyDownload(duration: after * 3)
        let task = Task.detached {
            try await probe.withLane(label) {
                try await probe.span("download", kind: .suspending) { try await wrapper(download) }
            }
        }
        try await Task.sleep(for: after)
        let cancelled = ContinuousClock.now
        task.cancel()
        _ = await task.result
        guard let reached = download.cancelledAt else { return .nan }
        return cancelled.duration(to: reached).seconds
    }
}

/// A result set by a callback and read by a polling loop.
final class ResultBox: Sendable {
    private let value = Locked<Result<Int, any Error>?>(nil)
    func set(_ result: Result<Int, any Error>) { value.withLock { $0 = result } }
    func get() -> Result<Int, any Error>? { value.withLock { $0 } }
}

/// A timer that ignores task cancellation, as a status poll of an older API would.
enum PlainTimer {
    static func wait(_ interval: Duration) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(interval.seconds * 1e9))) {
                continuation.resume()
            }
        }
    }
}

/// Two ways to make a callback-based download stop when its task is cancelled.
/// The lesson, the harness and the tests share them.
public enum CancellableDownload {
    /// Waits for the callback, checking the cancellation flag between naps.
    public static func polling(_ download: LegacyDownload, every interval: Duration) async throws -> Int {
        let result = ResultBox()
        download.start { result.set($0) }
        while true {
            if let value = result.get() { return try value.get() }
            if Task.isCancelled {
                download.cancel()
                continue  // the cancel completes the download at once: collect it
            }
            await PlainTimer.wait(interval)
        }
    }

    /// Bridges the callback with a continuation; onCancel forwards cancellation at once.
    public static func withHandler(_ download: LegacyDownload) async throws -> Int {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                download.start { continuation.resume(with: $0) }
            }
        } onCancel: {
            download.cancel()
        }
    }
}
