import Foundation
import Testing

@testable import LabCore

/// The platform fact every lesson builds on: a blocked task holds a pool thread,
/// a suspended one does not. Proven by counting, not by timing.
@Suite("Blocking vs suspending")
struct BlockingVersusSuspendingTests {
    let cpus = ProcessInfo.processInfo.activeProcessorCount

    /// HAZARD, on purpose: with `blocking`, each task holds its pool thread; that is what is counted.
    /// Runs `count` tasks that each wait; returns the most that were waiting at once.
    /// Suspended tasks (two minutes each) are woken, by cancellation, as soon as all of them wait
    /// at once: the answer is known then. Were a suspension to hold a thread, they would never
    /// all wait at once, and the test would give up after 30 s. The margins are wide because the
    /// tasks beside this test (a parallel `swift test`) may hold the pool's threads meanwhile.
    func peak(tasks count: Int, blocking: Bool) async -> Int {
        let gauge = ConcurrencyGauge()
        let work = SimulatedWork(scale: .realTime)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    gauge.enter()
                    if blocking {
                        work.block(sourceSeconds: 0.05)
                    } else {
                        try? await work.suspend(sourceSeconds: 120)
                    }
                    gauge.leave()
                }
            }
            guard !blocking else { return }
            let deadline = ContinuousClock.now + .seconds(30)
            while gauge.peak < count, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(1)) }
            group.cancelAll()
        }
        return gauge.peak
    }

    @Test func blockingTasksNeverOutnumberThePoolThreads() async {
        let tasks = 3 * cpus
        let blockingPeak = await peak(tasks: tasks, blocking: true)
        expectAtLeast(blockingPeak, 1)
        expectAtMost(blockingPeak, cpus, "the executor has at most one thread per CPU")
        expectBelow(blockingPeak, tasks)
    }

    @Test func suspendedTasksAllWaitTogether() async {
        let tasks = 3 * cpus
        #expect(await peak(tasks: tasks, blocking: false) == tasks)
    }

    // ExecutorProbe.measureWidth is tested in a process of its own (CommandLineTests'
    // doctorMeasuresTheMachine): here its tasks would hold the pool this suite's tests share, for
    // as long as it gives Dispatch to add a thread, and other tests' blocking work would make its
    // count not the pool's (a one-CPU CI run saw it fail here while every test waited 25 s).

    /// The observer a check gives its work hears each suspension start and end, a cancelled one
    /// too: exercise 07 counts the answer's waits with it.
    @Test func theObserverHearsEachSuspensionStartAndEnd() async {
        let heard = Locked<[Bool]>([])
        let work = SimulatedWork(scale: .realTime) { starting in heard.withLock { $0.append(starting) } }
        try? await work.suspend(sourceSeconds: 0.001)
        let cancelled = Task { try? await work.suspend(sourceSeconds: 120) }
        while heard.withLock({ $0.count }) < 3 { await Task.yield() }
        cancelled.cancel()
        await cancelled.value
        expectEqual(heard.withLock { $0 }, [true, false, true, false])
    }
}
