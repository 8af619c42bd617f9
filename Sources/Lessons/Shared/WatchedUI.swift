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
        try await settle()
        try await step()
        try await settle()
        let frames = await ticker.stop()
        context.console.setLiveLine(nil)
        return frames
    }

    /// A short real-time pause that lets the UI loop draw frames around a step.
    static func settle() async throws {
        try await Task.sleep(for: .milliseconds(80))
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
