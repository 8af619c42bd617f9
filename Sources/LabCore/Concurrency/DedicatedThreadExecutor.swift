import Foundation

/// An executor that runs every job on one thread of its own, in the order the jobs came.
///
/// It is both kinds of custom executor Swift has:
/// - a `SerialExecutor`: an actor returns it from `unownedExecutor` and then all of the
///   actor's code runs on this thread (a database handle that must stay on one thread);
/// - a `TaskExecutor`: `withTaskExecutorPreference(_:)` or `Task(executorPreference:)` makes
///   nonisolated async code of a task tree run here instead of on the global executor.
///
/// `@unchecked Sendable` because the compiler cannot see the lock: `pending`, `isStopping` and
/// `runCount` are read and written only while `condition` is locked; `threadID` is written
/// once, by the new thread, before `init` returns (init waits on a semaphore the thread
/// signals after writing it), and only read after that.
public final class DedicatedThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    public let name: String
    private let condition = NSCondition()
    private var pending: [UnownedJob] = []
    private var isStopping = false
    private var runCount = 0
    /// The OS id of the executor's thread: compare with `currentThreadID()` to see where code ran.
    public private(set) var threadID: UInt64 = 0

    public init(name: String) {
        self.name = name
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            threadID = currentThreadID()
            started.signal()
            runJobs()
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        pending.append(job)
        condition.signal()
        condition.unlock()
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// How many jobs (slices of tasks between suspensions) this executor has run.
    public var jobsRun: Int {
        condition.lock()
        defer { condition.unlock() }
        return runCount
    }

    /// True when the caller is running on this executor's thread.
    public var isCurrentThread: Bool { currentThreadID() == threadID }

    /// Lets the thread finish the jobs already queued, then end. Jobs enqueued later never run,
    /// so stop an executor only when nothing uses it any more.
    public func stop() {
        condition.lock()
        isStopping = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while pending.isEmpty && !isStopping { condition.wait() }
            if pending.isEmpty {
                condition.unlock()
                return
            }
            let job = pending.removeFirst()
            runCount += 1
            condition.unlock()
            // Both roles at once: an actor's job runs isolated to this executor, and a job
            // of a task that prefers this executor keeps the preference for its children.
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}
