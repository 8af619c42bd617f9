import Foundation
import LabBench
import LabCore
import LabTrace

/// 40 ms of CPU-bound work in chunks: one after another, or spread over the cores. The suite
/// uses 8 chunks; its scan splits the same work into 1, 2, 4, 8 or 16 tasks.
enum CPUFanOutSuite {
    static let chunks = 8
    static let totalTime = Duration.milliseconds(40)

    /// The work split into `count` chunks, run each way the suite and its scan compare.
    struct Work: Sendable {
        let count: Int
        let units: Int

        init(count: Int) {
            self.count = count
            self.units = CPUWork.units(for: CPUFanOutSuite.totalTime / count)
        }

        func chunk(_ probe: Probe, _ index: Int) async -> UInt64 {
            await probe.withLane("chunk \(index)") {
                probe.syncSpan("compute", kind: .cpu) { CPUWork.run(units: units) }
            }
        }

        func sequential(_ probe: Probe) async -> UInt64 {
            var sum: UInt64 = 0
            for index in 1...count { sum &+= await chunk(probe, index) }
            return sum
        }

        func group(_ probe: Probe) async -> UInt64 {
            await withTaskGroup(of: UInt64.self) { group in
                for index in 1...count { group.addTask { await chunk(probe, index) } }
                return await group.reduce(0, &+)
            }
        }

        func unstructured(_ probe: Probe) async -> UInt64 {
            let tasks = (1...count).map { index in Task { await chunk(probe, index) } }
            var sum: UInt64 = 0
            for task in tasks { sum &+= await task.value }
            return sum
        }

        /// Total work ÷ min(width, tasks): no way can keep more cores busy than there are tasks.
        /// `widthName` says what the width is: the executor's (a scan measures it) or the CPUs.
        func ideal(width: Int, widthName: String = "executor width") -> Ideal {
            let total = totalTime.seconds
            return Ideal(
                seconds: total / Double(min(width, count)),
                reason: "total work ÷ min(\(widthName), tasks) = \(total.formattedAsDuration) ÷ \(min(width, count))")
        }
    }

    static func variant(_ name: String, _ body: @escaping @Sendable (Probe) async -> UInt64) -> BenchmarkVariant {
        BenchmarkVariant(name, traced: { probe in BlackHole.consume(await body(probe)) }) { iterations in
            for _ in 0..<iterations { BlackHole.consume(await body(.disabled)) }
        }
    }

    static func suite() -> BenchmarkSuite {
        let work = Work(count: chunks)
        // CPU work cannot spread over more CPUs than this process may use (`taskset -c 0`: one,
        // whatever the machine has and however many threads time-share it).
        let cores = UsableCPUs.count
        @Sendable func asyncLet(_ probe: Probe) async -> UInt64 {
            // Eight bindings written out: the fixed-count tool.
            async let a = work.chunk(probe, 1)
            async let b = work.chunk(probe, 2)
            async let c = work.chunk(probe, 3)
            async let d = work.chunk(probe, 4)
            async let e = work.chunk(probe, 5)
            async let f = work.chunk(probe, 6)
            async let g = work.chunk(probe, 7)
            async let h = work.chunk(probe, 8)
            return await [a, b, c, d, e, f, g, h].reduce(0, &+)
        }
        return BenchmarkSuite(
            name: "CPU fan-out", kind: .pattern,
            summary: "\(chunks) chunks of \((totalTime / chunks).humanReadable) of computation",
            reference: "sequential",
            ideal: work.ideal(width: cores, widthName: "CPUs this process may use"),
            scan: Scan(parameter: "tasks", defaults: [1, 2, 4, 8, 16], bound: .width) { count, width in
                let split = Work(count: count)
                return BenchmarkSuite(
                    name: "CPU fan-out", kind: .pattern,
                    summary: "\(totalTime.humanReadable) of computation in \(count) task\(count == 1 ? "" : "s")",
                    reference: "sequential",
                    // The executor's threads beyond the CPUs this process may use only take turns:
                    // under `taskset -c 0` the pool has 2 threads for 1 CPU.
                    ideal: split.ideal(
                        width: min(width, cores), widthName: "executor width, CPUs this process may use"),
                    variants: [variant("sequential", split.sequential), variant("task group", split.group)])
            },
            variants: [
                variant("sequential", work.sequential), variant("async let", asyncLet),
                variant("task group", work.group), variant("unstructured tasks", work.unstructured),
            ])
    }
}
