import Foundation
import LabBench
import LabKit
import Lessons

/// The actors lesson's counters, contended by as many tasks as there are CPUs.
/// The unsafe class is timed too (it is also wrong: see the lesson).
enum CountersSuite {
    static func suite() -> BenchmarkSuite {
        let tasks = max(2, ProcessInfo.processInfo.activeProcessorCount)
        let increments = 20_000
        // A fixed workload per run: the experiment's start barrier makes small
        // iteration counts measure scheduling, not counting.
        return BenchmarkSuite(
            name: "counters under contention", kind: .pattern,
            summary: "\(tasks) tasks started together each increment one counter \(increments) times (CounterExperiment, as in the actors lesson); lost updates in the extras",
            reference: "Mutex", headline: "lost_updates",
            variants: CounterKind.allCases.map { kind in
                let lost = Locked<[String: Double]>([:])
                return BenchmarkVariant(kind.rawValue, extraMetrics: { lost.withLock { $0 } }) { iterations in
                    for _ in 0..<iterations {
                        let outcome = await CounterExperiment.run(kind, tasks: tasks, increments: increments)
                        lost.withLock { $0 = ["lost_updates": Double(outcome.lostUpdates)] }
                    }
                }
            })
    }
}
