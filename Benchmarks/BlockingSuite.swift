import Foundation
import LabBench
import LabCore
import LabTrace
import Lessons

/// N tasks that each wait 10 ms, with N above the executor's width: blocking vs suspending.
enum BlockingSuite {
    static func suite() -> BenchmarkSuite {
        // Four tasks for each CPU this process may use. The prediction divides them by the pool's
        // width, which is not the usable CPUs: Dispatch sizes the pool from the CPUs online, so
        // under `taskset -c 0` on two CPUs it holds two blocking tasks at once (the header's
        // measured width said 2 where this line predicted with 1, an audit's one-CPU run).
        let cores = UsableCPUs.count
        let width = ExecutorProbe.mostPoolThreads
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
            summary:
                "\(tasks) tasks each wait 10 ms, by blocking their thread or by suspending (\(CPUCountWords.usable(cores, machine: ExecutorProbe.onlineCPUs)))",
            reference: "suspending",
            ideal: Ideal(
                seconds: wait,
                reason:
                    "every task can wait at the same time; blocking is predicted at ⌈\(tasks) ÷ width⌉ × 10 ms = \((tasks + width - 1) / width) × 10 ms, the pool \(width) thread\(width == 1 ? "" : "s") wide"
            ),
            variants: [variant(.suspending), variant(.blocking)])
    }
}
