import Dispatch
import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The two GCD habits that deadlock in Swift concurrency, each run in a child process with a
/// time limit so the lesson can measure the hang instead of hanging.
enum BlockingBridgeDemos {
    static let semaphoreName = "from-gcd-semaphore"
    static let mainSyncName = "from-gcd-main-sync"
    static let tasksKey = "CONCURRENCY_LAB_BRIDGE_TASKS"

    /// A synchronous API kept for old callers, bridged to new async code with a semaphore: it
    /// starts a task and blocks its thread until the task signals. Called from a pool thread,
    /// it holds that thread while the task it waits for needs one.
    static func legacyThumbnailSize() -> Int {
        let semaphore = DispatchSemaphore(value: 0)
        let size = Locked(0)
        Task {
            try? await Task.sleep(for: .milliseconds(20))
            size.withLock { $0 = 512 }
            semaphore.signal()
        }
        semaphore.wait()
        return size.withLock { $0 }
    }

    /// The CPUs the system reports online, which libdispatch sizes the cooperative pool from:
    /// 2 under `taskset -c 0` on this 2-CPU machine (the pool kept 2 threads), 1 where a mount
    /// namespace shows one CPU (`lab stress --load narrow-pool`, a one-thread pool).
    static var onlineCPUs: Int { ExecutorProbe.onlineCPUs }

    /// `DispatchQueue.main.sync` from code that is already on the main queue (the main actor on Linux).
    static func syncOntoMainQueue() {
        DispatchQueue.main.sync { StandardOutput.line("inside the main-queue block") }
    }

    /// HAZARD, on purpose: each child demo blocks threads (the pool's, or the main queue) to show a deadlock.
    static let demos = [
        ChildDemo(semaphoreName) {
            // The pool is sized from the CPUs the system reports online; the probe can undercount
            // on a loaded or pinned machine (it sees only the threads blocked at the same moment).
            // activeProcessorCount is not used: in a namespace that shows one CPU online (a
            // one-thread pool) it still said 2. The lesson passes "fewer" runs their count.
            let width = await ExecutorProbe.measureWidth()
            let tasks =
                ProcessInfo.processInfo.environment[tasksKey].flatMap(Int.init) ?? max(width, onlineCPUs)
            StandardOutput.line("pool width \(width), tasks \(tasks)")
            // The width that matters is the one the hang shows: each task says when it is about to
            // block, so a child stopped at the time limit has told how many pool threads it held.
            let waiting = ConcurrencyGauge()
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<tasks {
                    group.addTask {
                        waiting.enter()
                        StandardOutput.line("blocked \(waiting.current)")
                        defer { waiting.leave() }
                        return legacyThumbnailSize()
                    }
                }
                for await _ in group {}
            }
            StandardOutput.line("finished")
        },
        ChildDemo(mainSyncName) {
            StandardOutput.line("on the main actor, calling DispatchQueue.main.sync")
            await MainActor.run { syncOntoMainQueue() }
            StandardOutput.line("finished")
        },
    ]
}
