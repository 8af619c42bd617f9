import Foundation
import LabBench
import LabKit
import Lessons

/// 16 page requests of 5 ms with at most K in flight (MarsData.photoPages, as in the lesson).
enum SlidingWindowSuite {
    static func suite() -> BenchmarkSuite {
        let pages = Array(1...16)
        let rover = (try? MarsRoverClient.fixtureRovers().first) ?? nil
        func variant(_ width: Int) -> BenchmarkVariant {
            @Sendable func data(_ probe: Probe) -> MarsData {
                MarsData(api: MarsRoverClient.simulated(ServiceBehavior(latency: .fixed(1), seed: 1, scale: TimeScale(factor: 0.005))), probe: probe)
            }
            // One timeline is enough to show the window: K = 4.
            var traced: (@Sendable (Probe) async -> Void)?
            if width == 4 {
                traced = { probe in
                    guard let rover else { return }
                    _ = try? await data(probe).photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width)
                }
            }
            let marsData = data(.disabled)  // one client per variant, made once
            return BenchmarkVariant("K = \(width)", traced: traced) { iterations in
                guard let rover else { return }
                for _ in 0..<iterations {
                    BlackHole.consume((try? await marsData.photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width))?.count ?? 0)
                }
            }
        }
        return BenchmarkSuite(
            name: "sliding window", kind: .pattern,
            summary: "16 requests of 5 ms, at most K in flight",
            reference: "K = 1",
            ideal: Ideal(seconds: 0.005, reason: "with no limit, all 16 requests wait together: one latency (decoding 25 photos a page adds CPU on top)"),
            variants: [1, 2, 4, 8, 16].map(variant))
    }
}
