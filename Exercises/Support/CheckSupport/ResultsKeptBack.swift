import Foundation
import LabCore

/// Runs a task's jobs (and its children's, which inherit the preference: SE-0417) on a serial queue
/// of its own, and can keep back every job but those the check's own thread hands it: while
/// keeping back, the waits the check lets go run at once, and the wakes that carry their results
/// on (a parent woken by a child's end, an actor or a stream it fed) wait until `letGo()`. So a
/// parent gets its children's results only after the check has let every wait go: a date a child
/// took as its wait ended comes before the last wait's end, one the parent took as each result came
/// (07) after it, by the order things ran, not by how quick the machine was.
final class ResultsKeptBack: TaskExecutor {
    private let queue = DispatchQueue(label: "lab.check.results-kept-back")
    private let state = Locked((keepingBack: false, resultsOpener: ObjectIdentifier?.none, kept: [UnownedJob]()))

    func enqueue(_ job: consuming ExecutorJob) {
        // Thread.current in a synchronous function: the thread this enqueue is made on.
        let caller = ObjectIdentifier(Thread.current)
        let job = UnownedJob(job)
        state.withLock { state in
            if state.keepingBack && state.resultsOpener != caller {
                state.kept.append(job)
            } else {
                run(job)
            }
        }
    }

    /// Keeps back, from now until `letGo()`, what the check does not hand over in `letting`.
    func keepBack() {
        state.withLock { $0.keepingBack = true }
    }

    /// Runs `body` (the check resuming a wait, synchronously: `Gate.open()`), whose jobs run at once.
    func lettingResultsThrough(_ body: () -> Void) {
        state.withLock { $0.resultsOpener = ObjectIdentifier(Thread.current) }
        body()
        state.withLock { $0.resultsOpener = nil }
    }

    /// Runs what was kept back, in the order it came, and keeps nothing back any more.
    func letGo() {
        state.withLock { state in
            state.keepingBack = false
            for job in state.kept { run(job) }
            state.kept = []
        }
    }

    private func run(_ job: UnownedJob) {
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
