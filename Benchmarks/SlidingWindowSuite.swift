import Foundation
import LabBench
import LabCore
import LabScenarios
import LabTrace
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
            ideal: Ideal(
                seconds: latency,
                reason:
                    "with no limit, all 16 requests wait together: one latency (decoding 25 photos a page adds CPU on top)"
            ),
            scan: Scan(parameter: "K", defaults: [1, 2, 4, 8, 16], bound: .latency) { width, _ in
                BenchmarkSuite(
                    name: "sliding window", kind: .pattern, summary: "16 requests of 5 ms, at most \(width) in flight",
                    reference: "sliding window", ideal: await ideal(width: width),
                    variants: [variant(width, named: "sliding window")])
            },
            variants: [1, 2, 4, 8, 16].map { variant($0) })
    }

    /// The best a window of K can do: ⌈16 ÷ K⌉ rounds, each one latency plus what a round's
    /// K pages cost with no latency at all (decoding them, scheduling their tasks), measured.
    static func ideal(width: Int) async -> Ideal {
        let inFlight = min(width, pages.count)
        let rounds = (pages.count + inFlight - 1) / inFlight
        let noWait = await noWaitSeconds(width: inFlight)
        return Ideal(
            seconds: Double(rounds) * (latency + noWait),
            reason:
                "⌈16 ÷ K⌉ rounds of a 5 ms latency plus what K pages take with no latency (\(noWait.formattedAsDuration) for K = \(inFlight), measured)"
        )
    }

    /// A round with no wait: K pages fetched at once from a client with no latency, decoded
    /// (the median of 15 rounds after a warm-up; each response is built once and cached).
    static func noWaitSeconds(width: Int) async -> Double {
        guard let rover = (try? MarsRoverClient.fixtureRovers().first) ?? nil else { return 0 }
        let data = MarsData(
            api: MarsRoverClient.simulated(
                ServiceBehavior(latency: .fixed(0), seed: 1, scale: TimeScale(factor: 0.005))), probe: .disabled)
        let clock = ContinuousClock()
        var times: [Double] = []
        for attempt in 0..<16 {
            let start = clock.now
            BlackHole.consume(
                (try? await data.photoPages(of: rover, earthDate: rover.maxDate, pages: Array(1...width), width: width))?
                    .count ?? 0)
            if attempt > 0 { times.append(start.duration(to: clock.now).seconds) }
        }
        return times.sorted()[times.count / 2]
    }

    static func variant(_ width: Int, named name: String? = nil) -> BenchmarkVariant {
        let rover = (try? MarsRoverClient.fixtureRovers().first) ?? nil
        @Sendable func data(_ probe: Probe) -> MarsData {
            MarsData(
                api: MarsRoverClient.simulated(
                    ServiceBehavior(latency: .fixed(1), seed: 1, scale: TimeScale(factor: 0.005))), probe: probe)
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
                BlackHole.consume(
                    (try? await marsData.photoPages(of: rover, earthDate: rover.maxDate, pages: pages, width: width))?
                        .count ?? 0)
            }
        }
    }
}
