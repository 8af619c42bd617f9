import Foundation

/// Measurements of the concurrency runtime on this machine, by running tasks.
public enum ExecutorProbe {
    /// The global executor's width: how many tasks that *block* run at once.
    ///
    /// Starts blocking tasks one at a time, each once the one before is inside its blocking call,
    /// until one is not started within `patience`: the pool had no thread left for it. One at a
    /// time, because Linux's Dispatch starts another pool thread when work arrives while every
    /// thread it has is blocked (up to one per online CPU), and otherwise only at its once-a-second
    /// check: tasks enqueued together, before any had blocked, found one thread under `taskset -c
    /// 0` for the first second (five probes in a row saw 1, 1, 1, 2, 2), while the pool holds two
    /// blocking tasks there (docs/MEASUREMENTS.md, session 43). Started one at a time, they found
    /// one thread too: the second came only at that check. So while fewer tasks than the CPUs
    /// online have started, a task is given `growth` to find a thread (more than that check's
    /// second), and `patience` after that. Suspending tasks would all be "in" at once; blocking
    /// ones are limited by the threads the pool has. `limit` bounds the tasks tried.
    public static func measureWidth(
        limit: Int? = nil, patience: Duration = .milliseconds(250), growth: Duration = .milliseconds(1500)
    ) async -> Int {
        let tasks = limit ?? defaultTaskLimit(mostPoolThreads: mostPoolThreads)
        return await OnAThreadOfItsOwn.blockingWork(named: "lab.width-probe") {
            countBlockingTasksAtOnce(upTo: tasks, patience: patience, growth: growth)
        }
    }

    /// The CPUs the system reports online (`sysconf`), which Dispatch sizes its pool from: not
    /// `activeProcessorCount`, which said 2 in a namespace that showed one CPU online, where the
    /// pool had one thread.
    public static var onlineCPUs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The most threads the shared pool may run at once, for code that must outnumber them (a
    /// check whose calls an answer that holds a thread must not fit in one wave of): Dispatch sizes
    /// the pool from the CPUs online, which a container's quota or an affinity mask leaves as they
    /// are, while `activeProcessorCount` may follow the quota and count fewer. The larger of the two.
    public static var mostPoolThreads: Int {
        mostPoolThreads(activeProcessors: ProcessInfo.processInfo.activeProcessorCount, online: onlineCPUs)
    }

    static func mostPoolThreads(activeProcessors: Int, online: Int) -> Int { max(1, activeProcessors, online) }

    /// The tasks `measureWidth` tries when not told: four for each thread the pool may have, and at
    /// least 16, so that a pool as wide as the CPUs online is seen whole even where a quota makes
    /// `activeProcessorCount` smaller (32 CPUs online under a quota of 2 once meant at most 16 tried).
    static func defaultTaskLimit(mostPoolThreads: Int) -> Int { max(16, 4 * mostPoolThreads) }

    /// The probe, on a thread outside the pool: its own waits must never need a pool thread, since
    /// the tasks it starts may block every one (on Linux a timer's wake-up and the main actor's
    /// jobs run on those threads too: a first version that waited on the main actor took 70–80 s).
    /// The first task is waited for as long as `BlockingGate.most`: there is always one thread,
    /// though other work (a parallel test run) may hold it a while.
    /// HAZARD, on purpose: each task blocks a pool thread until the count is known; that is what
    /// is measured.
    static func countBlockingTasksAtOnce(upTo tasks: Int, patience: Duration, growth: Duration) -> Int {
        let gauge = ConcurrencyGauge()
        let gate = BlockingGate()
        var started = 0
        for index in 0..<tasks {
            // Unstructured, as this thread is no task to be a parent; each is waited for below.
            Task.detached {
                gauge.enter()
                gate.wait()
                gauge.leave()
            }
            started += 1
            let wait = index == 0 ? BlockingGate.most : index < onlineCPUs ? growth : patience
            if !BlockingGate.waitUntil(within: wait, { gauge.entries > index }) { break }
        }
        gate.open()
        // The last task, the one no thread was left for, enters and leaves once one is free.
        _ = BlockingGate.waitUntil(within: BlockingGate.most) { gauge.entries == started && gauge.current == 0 }
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

/// Counts how many callers are inside a region at once, the peak, and how many ever entered.
public final class ConcurrencyGauge: Sendable {
    private let state = Locked((current: 0, peak: 0, entries: 0))
    public init() {}
    public func enter() {
        state.withLock {
            $0.current += 1
            $0.entries += 1
            $0.peak = max($0.peak, $0.current)
        }
    }
    public func leave() { state.withLock { $0.current -= 1 } }
    public var peak: Int { state.withLock { $0.peak } }
    public var current: Int { state.withLock { $0.current } }
    public var entries: Int { state.withLock { $0.entries } }
}

/// Holds the threads that wait on it until it is opened, or for `most` at the longest (a probe
/// whose opener never comes must not hold a pool thread for good). Blocked in the kernel, not
/// napping and looking: Linux's Dispatch adds a pool thread only when it reads every thread it has
/// as not runnable, and a waiter that woke each millisecond to look was at times read runnable
/// (the probe then saw 1 thread under `taskset -c 0` in one run of four, on a busy machine).
/// HAZARD, on purpose: a synchronous wait that holds its thread, for `ExecutorProbe`'s count.
final class BlockingGate: Sendable {
    static let most = Duration.seconds(10)
    /// Entered once when made; left once by `open`.
    private let closed = DispatchGroup()
    private let opened = Locked(false)

    init() { closed.enter() }

    /// Once: a second leave would unbalance the group.
    func open() {
        let first = opened.withLock { wasOpen in
            let first = !wasOpen
            wasOpen = true
            return first
        }
        if first { closed.leave() }
    }

    func wait() { _ = closed.wait(timeout: .now() + .seconds(Int(Self.most.components.seconds))) }

    /// Whether `condition` came true within `within`, looked at every millisecond, the thread held
    /// meanwhile (synchronous code only).
    static func waitUntil(within: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + within
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            ThreadBlocker.hold(for: .milliseconds(1))
        }
        return true
    }
}
