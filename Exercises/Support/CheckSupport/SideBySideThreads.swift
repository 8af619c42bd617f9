import Foundation
import LabCore

/// A task executor with threads of the check's own (two by default), each taking the next job as
/// it comes free. Given as a task's preference (SE-0417, `withTaskExecutorPreference`), the task's
/// nonisolated code and its group's children run on them, side by side, whatever the width of the
/// machine's pool: where it has one thread (a one-CPU machine), a group's children run one at a
/// time, each to its end in the order they were added, and an order that only work side by side
/// shows (20's held thumbnail, which another must overtake) never could: a group that kept its
/// children's arrival order passed there (session 53, on a pool one thread wide). Two threads on one
/// CPU take turns, and one that blocks leaves the CPU to the other.
final class SideBySideThreads: TaskExecutor {
    private let jobs = Locked([UnownedJob]())
    private let jobCame = DispatchSemaphore(value: 0)

    init(name: String, threads: Int = 2) {
        for index in 1...threads {
            // Each thread lives as long as the check's process (one run): it ends with it.
            let thread = Thread { [self] in
                while true {
                    jobCame.wait()
                    if let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                        job.runSynchronously(on: asUnownedTaskExecutor())
                    }
                }
            }
            thread.name = "\(name) \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        jobCame.signal()
    }
}
