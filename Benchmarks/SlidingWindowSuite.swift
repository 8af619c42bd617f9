import Foundation
import LabBench
import LabKit
import Lessons

/// 16 page requests of 5 ms with at most K in flight (MarsData.photoPages, as in the lesson).
enum SlidingWindowSuite {
    static let pages = Array(1...16)
    static let latency = 0.005

    static func suite() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "sliding window", kind: .pattern,
            summary: "16 requests of 5 ms, at most K in flight",
            reference: "K = 1",
            ideal: Ideal(seconds: latency, reason: "with no limit, all 16 requests wait together: one latency (decoding 25 photos a page adds CPU on top)"),
            scan: Scan(parameter: "K", defaults: [1, 2, 4, 8, 16], bound: .latency) { width, executorWidth in
                BenchmarkSuite(name: "sliding window", kind: .pattern, summary: "16 requests of 5 ms, at most \(width) in flight",
                               reference: "sliding window", ideal: ideal(width: width, executorWidth: executorWidth, decode: await decodeSeconds.value),
                               variants: [variant(width, named: "sliding window")])
            },
            variants: [1, 2, 4, 8, 16].map { variant($0) })
    }

    /// The best a window of K can do: ⌈16 ÷ K⌉ rounds, each one latency plus decoding the
    /// round's pages, which arrive together and share min(K, executor width) cores.
    static func ideal(width: Int, executorWidth: Int, decode: Double) -> Ideal {
        let inFlight = min(width, pages.count)
        let rounds = (pages.count + inFlight - 1) / inFlight
        let round = latency + Double(inFlight) * decode / Double(min(inFlight, executorWidth))
        return Ideal(seconds: Double(rounds) * round,
                     reason: "⌈16 ÷ K⌉ rounds of a 5 ms latency plus decoding the round's pages (\(decode.formattedAsDuration) each, measured) on min(K, executor width) cores")
    }

    /// The CPU of one request without its wait: a page fetched with no latency, decoded
    /// (the fastest of 30, after a warm-up; the response is built once and cached).
    static let decodeSeconds = Task<Double, Never> {
        guard let rover = (try? MarsRoverClient.fixtureRovers().first) ?? nil else { return 0 }
        let client = MarsRoverClient.simulated(ServiceBehavior(latency: .fixed(0), seed: 1, scale: TimeScale(factor: 0.005)))
        let clock = ContinuousClock()
        var fastest = Double.infinity
        for attempt in 0..<31 {
            let start = clock.now
            BlackHole.consume((try? await client.photos(rover: rover, earthDate: rover.maxDate, page: 1))?.count ?? 0)
            if attempt > 0 { fastest = min(fastest, start.duration(to: clock.now).seconds) }
        }
        return fastest
    }

    static func variant(_ width: Int, named name: String? = nil) -> BenchmarkVariant {
        let rover = (try? MarsRoverClient.fixtureRovers().first) ?? nil
        @Sendable func data(_ probe: Probe) -> MarsData {
            MarsData(api: MarsRoverClient.simulated(ServiceBehavior(latency: .fixed(1), seed: 1, scale: TimeScale(factor: 0.005))), probe: probe)
        }
        // One timeline is enough to show the window: K = 4 (not in a scan's points).
        var traced: (@Sendable (Probe) async -> Void)?
        if width == 4 && name == nil {
            traced = { probe in
                guard let rover else { return }
                _ = try? await data(probe).photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width)
            }
        }
        let marsData = data(.disabled)  // one client per variant, made once
        return BenchmarkVariant(name ?? "K = \(width)", traced: traced) { iterations in
            guard let rover else { return }
            for _ in 0..<iterations {
                BlackHole.consume((try? await marsData.photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width))?.count ?? 0)
            }
        }
    }
}
