import Foundation
import LabConsole
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
        var polling: [Round?] = []
        var handler: [Round?] = []
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
        let pollingReach = Reach(polling.map { $0?.seconds })
        let handlerReach = Reach(handler.map { $0?.seconds })
        for (name, reach, rounds) in [("polling", pollingReach, polling), ("handler", handlerReach, handler)] {
            context.record(
                "\(name)_downloads_reached", "\(name): downloads cancel() reached (of 5)", count: reach.latencies.count)
            let reached = rounds.compactMap { $0 }
            context.record(
                "\(name)_started_before_cancel", "\(name): reached downloads started before cancel()",
                count: reached.filter(\.startedBeforeCancel).count)
            context.record(
                "\(name)_reached_inside_cancel", "\(name): reached before cancel() returned",
                count: reached.filter(\.reachedInsideCancel).count)
            // A mean of nothing is no figure: where every download ended first, none is recorded.
            guard let mean = reach.mean, let worst = reach.worst else { continue }
            context.record(
                "\(name)_mean_latency_seconds", "\(name): cancel() reached the download after (mean)", seconds: mean)
            context.record("\(name)_worst_latency_seconds", "\(name): worst", seconds: worst)
        }
        _ = context.stated(seconds: poll.seconds)  // the poll interval is a setting, said as one
        console.paragraph(narrate(polling: pollingReach, handler: handlerReach, poll: poll.seconds))
    }

    /// How late cancel() reached the downloads it reached. A download that ended before its task
    /// was cancelled (the task's sleep woke late, on a busy machine) has no latency: it is
    /// counted as missed, not averaged in as a number it does not have.
    struct Reach {
        let latencies: [Double]
        let rounds: Int
        init(_ rounds: [Double?]) {
            latencies = rounds.compactMap { $0 }
            self.rounds = rounds.count
        }
        init(latencies: [Double], rounds: Int) {
            self.latencies = latencies
            self.rounds = rounds
        }
        var mean: Double? { latencies.isEmpty ? nil : latencies.reduce(0, +) / Double(latencies.count) }
        var worst: Double? { latencies.max() }
        var missed: Int { rounds - latencies.count }
    }

    /// The comparison, from the run's figures: polling is late by up to one interval only where
    /// the timer and the task woke on time (on one busy CPU they did not: measured 61 ms of 25).
    /// Where a download ended before cancel() came (a late wake-up), the sentence says how many.
    static func narrate(polling: Reach, handler: Reach, poll: Double) -> String {
        guard let meanPolling = polling.mean, let worstPolling = polling.worst, let meanHandler = handler.mean else {
            return
                "This run cannot compare them: the code that calls cancel() woke so late (a busy machine) that "
                + "the download had already ended in \(polling.missed) of \(polling.rounds) polling rounds and "
                + "\(handler.missed) of \(handler.rounds) handler rounds, and cancel() found nothing left to stop. "
                + "Run it again on a quieter machine to see the difference."
        }
        // A worst just past the interval prints as the interval itself (25.04 ms is "25 ms"):
        // "worst 25 ms, more than one poll interval of 25 ms" read as a contradiction (taskset -c 0
        // beside a CPU hog), so it is said to be about one interval.
        let bound =
            worstPolling <= poll
            ? "at most one poll interval, \(poll.formattedAsDuration)"
            : worstPolling.formattedAsDuration == poll.formattedAsDuration
                ? "worst \(worstPolling.formattedAsDuration), about one poll interval"
                : "worst \(worstPolling.formattedAsDuration), more than one poll interval of \(poll.formattedAsDuration): "
                    + "the timer and the polling task also waited their turn to run, for a free thread or a CPU"
        let missed = polling.missed + handler.missed
        let leftOut =
            missed == 0
            ? ""
            : " (\(missed) of the \(polling.rounds + handler.rounds) downloads had ended before cancel() came, "
                + "a late wake-up on a busy machine: they are left out)"
        return
            "Polling reached the download \(meanPolling.formattedAsDuration) after cancel() on average (\(bound)); the handler in "
            + "\(meanHandler.formattedAsDuration)\(leftOut). The handler costs nothing while the download runs, and it cannot miss: if the "
            + "task was cancelled before the download started, onCancel runs at once and the download sees it on start()."
    }

    /// Starts a download in a task, cancels the task after `after`, and returns how
    /// long after `task.cancel()` the download's own cancel() was called: nil when the
    /// download had ended before.
    static func latency(
        after: Duration, probe: Probe, label: String,
        _ wrapper: @escaping @Sendable (LegacyDownload) async throws -> Int
    ) async throws -> Round? {
        // The download's start and the task's cancel() are ordered by this one lock, cancel()
        // called inside it: read outside it, a start between the look and the call (a canceller
        // preempted on a busy CPU) would be counted as one that came after cancel().
        let order = Locked((cancelCalled: false, startedFirst: false))
        let download = LegacyDownload(duration: after * 3) {
            order.withLock { $0.startedFirst = !$0.cancelCalled }
        }
        let task = Task.detached {
            try await probe.withLane(label) {
                try await probe.span("download", kind: .suspending) { try await wrapper(download) }
            }
        }
        try await Task.sleep(for: after)
        let cancelled = order.withLock { moment in
            moment.cancelCalled = true
            let now = ContinuousClock.now
            task.cancel()
            return now
        }
        let returned = ContinuousClock.now
        let started = order.withLock { $0.startedFirst }
        _ = await task.result
        guard let reached = download.cancelledAt else { return nil }
        return Round(
            seconds: cancelled.duration(to: reached).seconds, startedBeforeCancel: started,
            reachedInsideCancel: reached <= returned)
    }

    /// One download cancel() reached: how late, and whether it was reached before cancel() returned
    /// (a handler's onCancel runs inside cancel(), once the download has started; polling waits for
    /// its next look at the flag).
    struct Round: Sendable {
        let seconds: Double
        let startedBeforeCancel: Bool
        let reachedInsideCancel: Bool
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
        try await polling(download, every: interval, nap: PlainTimer.wait)
    }

    /// The same, napping with `nap`: a test holds a nap to show the flag is seen only after it.
    static func polling(
        _ download: LegacyDownload, every interval: Duration, nap: @Sendable (Duration) async -> Void
    ) async throws -> Int {
        let result = ResultBox()
        download.start { result.set($0) }
        while true {
            if let value = result.get() { return try value.get() }
            if Task.isCancelled {
                download.cancel()
                continue  // the cancel completes the download at once: collect it
            }
            await nap(interval)
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
