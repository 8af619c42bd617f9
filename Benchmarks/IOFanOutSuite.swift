import Foundation
import LabBench
import LabCore
import LabScenarios
import LabTrace
import Lessons

/// The four rovers' latest photos from a simulated API with a fixed 10 ms latency,
/// using the very MarsData functions the async-let and task-groups lessons run.
enum IOFanOutSuite {
    static let latency = 0.010

    static func marsData(_ probe: Probe = .disabled) -> MarsData {
        // 2 source seconds at a scale of 0.005: 10 ms per call.
        let behavior = ServiceBehavior(latency: .fixed(2), seed: 1, scale: TimeScale(factor: latency / 2))
        return MarsData(api: MarsRoverClient.simulated(behavior), probe: probe)
    }

    static func suite() -> BenchmarkSuite {
        let rovers = (try? MarsRoverClient.fixtureRovers()) ?? []
        func variant(_ name: String, _ body: @escaping @Sendable (MarsData, [Rover]) async -> [MarsPhoto])
            -> BenchmarkVariant
        {
            // One client per variant, made once: like an app's, it lives across calls.
            let data = marsData()
            return BenchmarkVariant(
                name, traced: { probe in BlackHole.consume(await body(marsData(probe), rovers).count) }
            ) { iterations in
                for _ in 0..<iterations { BlackHole.consume(await body(data, rovers).count) }
            }
        }
        return BenchmarkSuite(
            name: "I/O fan-out", kind: .pattern,
            summary: "latest photo of 4 rovers, each call 10 ms (MarsData, as in the lessons)",
            reference: "sequential",
            ideal: Ideal(seconds: latency, reason: "the slowest single call: 4 calls of 10 ms can finish together"),
            variants: [
                variant("sequential") { data, rovers in await data.latestPhotosSequentially(rovers) },
                variant("async let") { data, rovers in
                    await data.latestPhotosWithAsyncLet(rovers[0], rovers[1], rovers[2], rovers[3])
                },
                variant("task group") { data, rovers in await data.latestPhotosWithTaskGroup(rovers) },
                variant("unstructured tasks") { data, rovers in await data.latestPhotosWithUnstructuredTasks(rovers) },
            ])
    }
}
