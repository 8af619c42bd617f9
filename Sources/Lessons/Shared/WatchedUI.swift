import LabConsole
import LabScenarios
import LabTrace
import LessonKit

/// Runs a step while the stand-in UI loop draws frames on the main actor, so a
/// lesson can show what the step did to the UI. Shared by every lesson that
/// blocks or yields the main actor.
@MainActor
enum WatchedUI {
    /// Starts the UI loop (live on a terminal), lets it draw a few frames, runs
    /// `step`, lets it draw a few more, and returns the frame log.
    static func run(_ context: LessonContext, _ step: () async throws -> Void) async throws -> FrameLog {
        try await run(context, onFrame: nil, status: nil, step)
    }

    /// The same, calling `onFrame` on every frame (a view renders there) and showing
    /// `status` after the frame counter on a terminal.
    static func run(
        _ context: LessonContext, onFrame: (@MainActor (Int, Double) -> Void)?, status: (@MainActor () -> String)?,
        _ step: () async throws -> Void
    ) async throws -> FrameLog {
        let ticker = FrameTicker(probe: context.probe)
        ticker.showLive(on: context.console, status: status)
        if let onFrame {
            let live = ticker.onFrame
            let probe = context.probe
            ticker.onFrame = { frame in
                onFrame(frame, probe.now)
                live?(frame)
            }
        }
        ticker.start()
        try await settle(ticker)
        try await step()
        try await settle(ticker)
        let frames = await ticker.stop()
        context.console.setLiveLine(nil)
        return frames
    }

    /// A short real-time pause that lets the UI loop draw frames around a step: 80 ms, and then
    /// as long as the loop takes to draw a frame, if it has drawn none meanwhile. On one busy CPU
    /// 80 ms can pass without one (seen in CI), and without a frame before the step and one after
    /// it no gap in the log spans the step: a main actor starved for the whole job would show a
    /// longest gap shorter than the job.
    static func settle(_ ticker: FrameTicker) async throws {
        let drawn = ticker.framesDrawn
        try await Task.sleep(for: .milliseconds(80))
        let deadline = ContinuousClock.now + .seconds(30)
        while ticker.framesDrawn == drawn, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

extension LessonContext {
    /// Records what the UI loop did while `call` ran; returns the frames drawn during it.
    @discardableResult
    func recordFrames(_ frames: FrameLog, during call: Span) -> Int {
        let drawn = frames.frames(during: call.start, call.end)
        record("frames_during_call", "frames drawn during \(call.name)", count: drawn)
        record("frames_dropped", "frames dropped", count: frames.droppedFrames)
        record("longest_frame_gap_seconds", "longest time without a frame", seconds: frames.worstInterval)
        return drawn
    }
}
