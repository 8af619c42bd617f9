import Foundation

/// An executor that runs every job on one thread of its own, in the order the jobs came.
///
/// It is both kinds of custom executor Swift has:
/// - a `SerialExecutor`: an actor returns it from `unownedExecutor` and then all of the
///   actor's code runs on this thread (a database handle that must stay on one thread);
/// - a `TaskExecutor`: `withTaskExecutorPreference(_:)` or `Task(executorPreference:)` makes
///   nonisolated async code of a task tree run here instead of on the global executor.
///
/// `@unchecked Sendable` because the compiler cannot see the lock: `pending`, `isStopping`,
/// `runCount`, `startedThreadID` and `threadIDWaiters` are read and written only while
/// `condition` is locked.
public final class DedicatedThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    public let name: String
    private let condition = NSCondition()
    private var pending: [UnownedJob] = []
    private var isStopping = false
    private var runCount = 0
    /// The thread's OS id, written by the thread before it runs any job (0 until then).
    private var startedThreadID: UInt64 = 0
    /// Who asked for `threadID` before the thread had written it: resumed when it does.
    private var threadIDWaiters: [CheckedContinuation<UInt64, Never>] = []

    /// Starts the thread and returns without waiting for it: a job enqueued meanwhile waits
    /// in `pending`. (It used to wait on a semaphore until the thread had written its id, a
    /// wait in every async function that made an executor; session 50's scan of initializers
    /// found it.)
    public init(name: String) {
        self.name = name
        let thread = Thread { [self] in
            let id = currentThreadID()
            condition.lock()
            startedThreadID = id
            let waiters = threadIDWaiters
            threadIDWaiters = []
            condition.unlock()
            for waiter in waiters { waiter.resume(returning: id) }
            runJobs()
        }
        thread.name = name
        thread.start()
    }

    /// The OS id of the executor's thread: compare with `currentThreadID()` to see where code
    /// ran. Async: it is known once the thread has started, and a caller before that suspends
    /// until the thread writes it (whether or not the executor has been stopped meanwhile: a
    /// job enqueued after `stop()` would never run).
    public var threadID: UInt64 {
        get async {
            await withCheckedContinuation { continuation in
                condition.lock()
                let known = startedThreadID
                if known == 0 { threadIDWaiters.append(continuation) }
                condition.unlock()
                if known != 0 { continuation.resume(returning: known) }
            }
        }
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

    /// Runs synchronous work that may block (a database's open waits for another process's
    /// lock) on this executor's thread, while the caller suspends: the wait holds this thread,
    /// which is there for such work, and no thread of the cooperative pool or an actor's.
    /// `@concurrent` says so in the declaration: LabCore builds without
    /// NonisolatedNonsendingByDefault, where a nonisolated async function already leaves its
    /// caller's actor, but a module built with it would run the work on the caller's actor.
    @concurrent
    public func blockingWork<Value>(_ work: sending () throws -> sending Value) async throws -> sending Value {
        try await withTaskExecutorPreference(self) { try work() }
    }

    /// How many jobs (slices of tasks between suspensions) this executor has run.
    public var jobsRun: Int {
        condition.lock()
        defer { condition.unlock() }
        return runCount
    }

    /// True when the caller is running on this executor's thread (never before it has started).
    public var isCurrentThread: Bool { condition.withLock { startedThreadID } == currentThreadID() }

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
