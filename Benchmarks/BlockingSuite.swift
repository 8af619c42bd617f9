import Foundation
import LabBench
import LabCore
import LabTrace
import Lessons

/// N tasks that each wait 10 ms, with N above the executor's width: blocking vs suspending.
enum BlockingSuite {
    static func suite() -> BenchmarkSuite {
        // The CPUs this process may use, not the machine's: under `taskset -c 0` the executor
        // follows the affinity (measured: 1 thread, at times 2), which activeProcessorCount ignores.
        let cores = UsableCPUs.count
        let tasks = 4 * cores
        let wait = 0.010
        func variant(_ kind: WorkKind) -> BenchmarkVariant {
            BenchmarkVariant(
                kind == .blocking ? "blocking" : "suspending",
                traced: { probe in
                    _ = await ExecutorWidthExperiment(work: SimulatedWork(scale: .realTime), probe: probe).run(
                        tasks: tasks, kind: kind, sourceSeconds: wait)
                }
            ) { iterations in
                let experiment = ExecutorWidthExperiment(work: SimulatedWork(scale: .realTime), probe: .disabled)
                for _ in 0..<iterations { _ = await experiment.run(tasks: tasks, kind: kind, sourceSeconds: wait) }
            }
        }
        return BenchmarkSuite(
            name: "blocking vs suspending", kind: .pattern,
            summary: "\(tasks) tasks each wait 10 ms, by blocking their thread or by suspending (\(cores) CPUs)",
            reference: "suspending",
            ideal: Ideal(
                seconds: wait,
                reason:
                    "every task can wait at the same time; blocking is predicted at ⌈\(tasks) ÷ width⌉ × 10 ms = \(tasks / max(1, cores)) × 10 ms"
            ),
            variants: [variant(.suspending), variant(.blocking)])
    }
}
