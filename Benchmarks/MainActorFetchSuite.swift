import Foundation
import LabBench
import LabCore
import LabScenarios
import LabTrace

/// A 50 ms fetch on the main actor while a 60 Hz frame loop runs: blocking vs awaited.
/// The figure that matters is not the time but the frames the UI lost.
enum MainActorFetchSuite {
    static let fetch = Duration.milliseconds(50)

    /// HAZARD, on purpose: with `blocking`, the fetch holds the main actor's thread, which is
    /// the lesson's blocking variant timed.
    @MainActor
    static func fetchWhileTicking(blocking: Bool) async -> [Figure] {
        let ticker = FrameTicker(probe: Probe())
        ticker.start()
        try? await Task.sleep(for: .milliseconds(20))
        if blocking {
            ThreadBlocker.hold(for: fetch)
        } else {
            try? await Task.sleep(for: fetch)
        }
        try? await Task.sleep(for: .milliseconds(20))
        let frames = await ticker.stop()
        return [.count("frames dropped", frames.droppedFrames), .seconds("worst frame", frames.worstInterval)]
    }

    static func suite() -> BenchmarkSuite {
        func variant(_ name: String, blocking: Bool) -> BenchmarkVariant {
            let last = Locked<[Figure]>([])
            return BenchmarkVariant(name, figures: { last.withLock { $0 } }) { iterations in
                for _ in 0..<iterations {
                    let metrics = await fetchWhileTicking(blocking: blocking)
                    last.withLock { $0 = metrics }
                }
            }
        }
        return BenchmarkSuite(
            name: "main-actor fetch", kind: .pattern,
            summary:
                "a 50 ms fetch on the main actor during a 60 Hz frame loop; the time is the same, the frames dropped are not",
            reference: "awaited", headline: "frames dropped",
            variants: [variant("awaited", blocking: false), variant("blocking", blocking: true)])
    }
}
