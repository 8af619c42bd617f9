import Foundation
import LabBench
import LabCore
import Lessons

/// The actors lesson's counters, contended by as many tasks as there are CPUs.
/// The unsafe class is timed too (it is also wrong: see the lesson).
enum CountersSuite {
    static func suite() -> BenchmarkSuite {
        let tasks = max(2, UsableCPUs.count)
        let increments = 20_000
        let width = MeasuredWidth()
        // A fixed workload per run: the experiment's start barrier makes small
        // iteration counts measure scheduling, not counting.
        return BenchmarkSuite(
            name: "counters under contention", kind: .pattern,
            summary:
                "\(tasks) tasks started together (as many as can run at once) each increment one counter \(increments) times (CounterExperiment, as in the actors lesson); lost updates and tasks started together in the extras",
            reference: "Mutex", headline: "lost updates",
            variants: CounterKind.allCases.map { kind in
                let figures = Locked<[Figure]>([])
                return BenchmarkVariant(kind.rawValue, figures: { figures.withLock { $0 } }) { iterations in
                    // The barrier waits for no more tasks than can run at once: on one CPU it
                    // would otherwise wait out its time limit every run (a one-thread executor) or
                    // a scheduler's time slice (two threads taking turns: measured 12 ms a run
                    // under taskset -c 0, for 0.2 ms of counting), and the samples would time that.
                    let together = min(tasks, UsableCPUs.count, await width.value)
                    for _ in 0..<iterations {
                        let outcome = await CounterExperiment.run(
                            kind, tasks: tasks, increments: increments, together: together)
                        figures.withLock {
                            $0 = [
                                .count("lost updates", outcome.lostUpdates),
                                // How many tasks were running at once: describes the run, neither way better.
                                .count("started together", outcome.startedTogether, better: nil),
                            ]
                        }
                    }
                }
            })
    }

    /// The executor's width, measured once, when a variant first runs (not when the suite is listed).
    actor MeasuredWidth {
        private var measured: Int?
        var value: Int {
            get async {
                if let measured { return measured }
                let width = await ExecutorProbe.measureWidth()
                measured = width
                return width
            }
        }
    }
}
