import Foundation

/// Measurements of the concurrency runtime on this machine, by running tasks.
public enum ExecutorProbe {
    /// The global executor's width: how many tasks that *block* run at once.
    ///
    /// Starts more blocking tasks than there could be threads and counts the most
    /// that were inside their blocking call together. Suspending tasks would all
    /// be "in" at once; blocking ones are limited by the threads the pool has.
    /// HAZARD, on purpose: each task blocks a pool thread, for `hold`; that is what is measured.
    public static func measureWidth(tasks: Int? = nil, hold: Duration = .milliseconds(40)) async -> Int {
        let count = tasks ?? max(8, ProcessInfo.processInfo.activeProcessorCount * 4)
        let gauge = ConcurrencyGauge()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    gauge.enter()
                    ThreadBlocker.hold(for: hold)
                    gauge.leave()
                }
            }
        }
        return gauge.peak
    }

    /// Whether the main actor is on the main thread before and after a suspension,
    /// and whether the runtime still confirms main-actor isolation afterwards.
    /// On Linux the main actor runs on the main *queue*, which another thread may drain.
    /// (The thread is asked through a synchronous call: see `MainThread`.)
    @MainActor
    public static func mainActorThreadReport() async -> (before: Bool, after: Bool, stillIsolated: Bool) {
        let before = MainThread.isCurrent()
        try? await Task.sleep(for: .milliseconds(2))
        let after = MainThread.isCurrent()
        return (before, after, confirmMainActorIsolation())
    }

    /// Asks the runtime, from synchronous code, to confirm the caller is on the main
    /// actor. `assumeIsolated` traps when it is not, so only call it where it must hold.
    nonisolated static func confirmMainActorIsolation() -> Bool {
        MainActor.assumeIsolated { Isolation.current() == .mainActor }
    }

    /// The smallest step ContinuousClock can show, and how late a 1 ms `Task.sleep` wakes.
    public static func clockReport() async -> (resolution: Duration, sleepOvershoot: Duration) {
        let clock = ContinuousClock()
        var smallest = Duration.seconds(1)
        for _ in 0..<10_000 {
            let a = clock.now
            var b = clock.now
            while b == a { b = clock.now }
            smallest = min(smallest, a.duration(to: b))
        }
        var overshoots: [Duration] = []
        for _ in 0..<15 {
            let start = clock.now
            try? await Task.sleep(for: .milliseconds(1))
            overshoots.append(start.duration(to: clock.now) - .milliseconds(1))
        }
        return (smallest, overshoots.sorted()[overshoots.count / 2])
    }
}

/// Counts how many callers are inside a region at once, and the peak.
public final class ConcurrencyGauge: Sendable {
    private let state = Locked((current: 0, peak: 0))
    public init() {}
    public func enter() {
        state.withLock {
            $0.current += 1
            $0.peak = max($0.peak, $0.current)
        }
    }
    public func leave() { state.withLock { $0.current -= 1 } }
    public var peak: Int { state.withLock { $0.peak } }
    public var current: Int { state.withLock { $0.current } }
}
