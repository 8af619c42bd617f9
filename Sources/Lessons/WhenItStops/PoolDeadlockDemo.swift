import Dispatch
import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The pool deadlock, run in a child process: `tasks` tasks each wait for an answer that a
/// task of their own must compute. Waiting *synchronously* (a semaphore, the classic bridge
/// from async to sync code) holds a pool thread; once every thread of the pool waits, the
/// tasks that would answer never get one. A watchdog thread, outside the pool, sees that no
/// task finished within `limit`, reports how many were waiting, and ends the process.
enum PoolDeadlockDemo {
    static let name = "when-it-stops.pool"
    static let tasksKey = "CONCURRENCY_LAB_STUCK_TASKS"
    static let waitKey = "CONCURRENCY_LAB_STUCK_WAIT"
    /// How long the child waits for progress before calling it stuck: far above the
    /// milliseconds the suspending run needs, even on one busy CPU.
    static let limit: Duration = .seconds(1)

    enum Wait: String, Sendable, CaseIterable {
        /// `DispatchSemaphore.wait()` in a synchronous helper: holds the thread.
        case semaphore
        /// `withCheckedContinuation`: suspends and gives the thread back.
        case continuation
    }

    /// What the child saw, printed as one line and parsed by the lesson.
    struct Report: Sendable, Equatable {
        let tasks: Int
        /// The most tasks inside their wait at once: with a semaphore, the pool's width.
        let peakWaiting: Int
        let finished: Bool
        let seconds: Double

        var line: String {
            "pool-report tasks=\(tasks) waiting=\(peakWaiting) finished=\(finished ? 1 : 0) seconds=\(seconds)"
        }

        static func parse(_ output: String) -> Report? {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("pool-report ") }) else {
                return nil
            }
            var fields: [String: String] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard let tasks = fields["tasks"].flatMap(Int.init), let waiting = fields["waiting"].flatMap(Int.init),
                let finished = fields["finished"], let seconds = fields["seconds"].flatMap(Double.init)
            else { return nil }
            return Report(tasks: tasks, peakWaiting: waiting, finished: finished == "1", seconds: seconds)
        }
    }

    static let demo = ChildDemo(name) {
        let environment = ProcessInfo.processInfo.environment
        let tasks = environment[tasksKey].flatMap(Int.init) ?? 8
        let wait = environment[waitKey].flatMap(Wait.init(rawValue:)) ?? .semaphore
        await run(tasks: tasks, wait: wait)
    }

    /// HAZARD, on purpose: with `.semaphore`, every task blocks its pool thread until the
    /// pool deadlocks; this runs only in the child process, which the watchdog ends.
    static func run(tasks: Int, wait: Wait) async {
        let gauge = ConcurrencyGauge()
        let clock = ContinuousClock()
        let start = clock.now
        // Whoever ends the run first, the tasks or the watchdog, is the only one to report it.
        let ended = Locked(false)
        startWatchdog(ended: ended) {
            Report(
                tasks: tasks, peakWaiting: gauge.peak, finished: false, seconds: start.duration(to: clock.now).seconds)
        }
        // Traced for the lesson's page (`ChildTrace`): each waiter and each answer in a lane.
        let probe = ChildTrace.probe
        await withTaskGroup(of: Void.self) { group in
            for waiter in stride(from: 1, through: tasks, by: 1) {
                group.addTask {
                    await probe.withLane("waiter \(waiter)") {
                        gauge.enter()
                        switch wait {
                        case .semaphore:
                            probe.syncSpan("DispatchSemaphore.wait()", kind: .blocking) { answerBlocking(waiter) }
                        case .continuation:
                            await probe.span("withCheckedContinuation", kind: .suspending) {
                                await answerSuspending(waiter)
                            }
                        }
                        gauge.leave()
                    }
                }
            }
        }
        let report = Report(
            tasks: tasks, peakWaiting: gauge.peak, finished: true, seconds: start.duration(to: clock.now).seconds)
        if claim(ended) {
            ChildTrace.send()
            StandardOutput.line(report.line)
        }
    }

    /// HAZARD, on purpose: the bridge that deadlocks. It starts a task to compute the answer
    /// and blocks its own thread until that task signals: the task needs a thread of the very
    /// pool this one holds.
    static func answerBlocking(_ waiter: Int) {
        let answered = DispatchSemaphore(value: 0)
        Task {
            await computeAnswer(for: waiter)
            answered.signal()
        }
        answered.wait()
    }

    /// The same wait, suspended: the thread goes back to the pool and runs the answer.
    static func answerSuspending(_ waiter: Int) async {
        await withCheckedContinuation { (answered: CheckedContinuation<Void, Never>) in
            Task {
                await computeAnswer(for: waiter)
                answered.resume()
            }
        }
    }

    /// The answer a waiter waits for, traced in a lane of its own.
    static func computeAnswer(for waiter: Int) async {
        let probe = ChildTrace.probe
        await probe.withLane("answer \(waiter)") {
            await probe.span("computeAnswer()", kind: .suspending) { await computeAnswer() }
        }
    }

    /// The answer: a short suspension, long enough that every waiter is waiting before the
    /// first answer comes (so the count of waiters shows what each kind of wait allows).
    static func computeAnswer() async {
        try? await Task.sleep(for: .milliseconds(10))
    }

    /// A thread of its own (not the pool's, which may be stuck): after `limit`, unless the run
    /// ended first, it reports and ends the process with status 3.
    private static func startWatchdog(ended: Locked<Bool>, report: @escaping @Sendable () -> Report) {
        Thread.detachNewThread {
            ThreadBlocker.hold(for: limit)
            guard claim(ended) else { return }
            ChildTrace.probe.mark("watchdog: nothing finished in \(limit.seconds.formattedAsDuration)")
            ChildTrace.send()
            StandardOutput.line(report().line)
            exit(3)
        }
    }

    /// Marks the run ended; true for the first caller only.
    static func claim(_ ended: Locked<Bool>) -> Bool {
        ended.withLock { ended in
            defer { ended = true }
            return !ended
        }
    }
}
