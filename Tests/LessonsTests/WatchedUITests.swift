import Testing

@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

/// The frames around a watched step: a frame before it and one after it, however late the UI
/// loop draws, so that a gap in the log always spans a step that drew no frame.
@Suite("The UI loop around a step")
struct WatchedUITests {
    /// A loop slower than the settle's 80 ms stands in for one on a busy CPU, which can go that
    /// long without a frame (seen in CI: the starved job's longest gap came out shorter than the job).
    @MainActor
    @Test func eachSettleLastsUntilTheLoopHasDrawnAFrame() async throws {
        let ticker = FrameTicker(probe: Probe(), framesPerSecond: 4)  // a frame every 250 ms
        ticker.start()
        try await WatchedUI.settle(ticker)
        expectAtLeast(ticker.framesDrawn, 1, "no frame before the step")
        let beforeTheStep = ticker.framesDrawn
        try await WatchedUI.settle(ticker)
        expectAbove(ticker.framesDrawn, beforeTheStep, "no frame after the step")
        _ = await ticker.stop()
    }
}
