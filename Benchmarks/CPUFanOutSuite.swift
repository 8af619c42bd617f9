import Foundation
import LabBench
import LabKit

/// 8 chunks of CPU-bound work: one after another, or spread over the cores.
enum CPUFanOutSuite {
    static let chunks = 8
    static let chunkTime = Duration.milliseconds(5)

    static func suite() -> BenchmarkSuite {
        let units = CPUWork.units(for: chunkTime)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let total = Double(chunks) * chunkTime.seconds
        @Sendable func chunk(_ probe: Probe, _ index: Int) async -> UInt64 {
            await probe.withLane("chunk \(index)") {
                probe.syncSpan("compute", kind: .cpu) { CPUWork.run(units: units) }
            }
        }
        @Sendable func sequential(_ probe: Probe) async -> UInt64 {
            var sum: UInt64 = 0
            for index in 1...chunks { sum &+= await chunk(probe, index) }
            return sum
        }
        @Sendable func asyncLet(_ probe: Probe) async -> UInt64 {
            // Eight bindings written out: the fixed-count tool.
            async let a = chunk(probe, 1); async let b = chunk(probe, 2); async let c = chunk(probe, 3); async let d = chunk(probe, 4)
            async let e = chunk(probe, 5); async let f = chunk(probe, 6); async let g = chunk(probe, 7); async let h = chunk(probe, 8)
            return await [a, b, c, d, e, f, g, h].reduce(0, &+)
        }
        @Sendable func group(_ probe: Probe) async -> UInt64 {
            await withTaskGroup(of: UInt64.self) { group in
                for index in 1...chunks { group.addTask { await chunk(probe, index) } }
                return await group.reduce(0, &+)
            }
        }
        @Sendable func unstructured(_ probe: Probe) async -> UInt64 {
            let tasks = (1...chunks).map { index in Task { await chunk(probe, index) } }
            var sum: UInt64 = 0
            for task in tasks { sum &+= await task.value }
            return sum
        }
        func variant(_ name: String, _ body: @escaping @Sendable (Probe) async -> UInt64) -> BenchmarkVariant {
            BenchmarkVariant(name, traced: { probe in BlackHole.consume(await body(probe)) }) { iterations in
                for _ in 0..<iterations { BlackHole.consume(await body(.disabled)) }
            }
        }
        return BenchmarkSuite(
            name: "CPU fan-out", kind: .pattern,
            summary: "\(chunks) chunks of \(chunkTime.humanReadable) of computation",
            reference: "sequential",
            ideal: Ideal(seconds: total / Double(min(cores, chunks)), reason: "total work ÷ min(cores, tasks) = \(total.formattedAsDuration) ÷ \(min(cores, chunks))"),
            variants: [variant("sequential", sequential), variant("async let", asyncLet),
                       variant("task group", group), variant("unstructured tasks", unstructured)])
    }
}
