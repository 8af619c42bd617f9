import LabCore
import LabTrace

/// A main-actor loop that ticks like a UI's frame loop (60 Hz by default).
///
/// It stands in for SwiftUI's render loop: every tick needs the main actor, so
/// while something blocks the main actor no frame is rendered, and the log shows
/// the gap. Each frame is also marked in the probe, in the lane "UI frames".
@MainActor
public final class FrameTicker {
    public let budget: Duration
    private let probe: Probe
    private var frames: [Double] = []
    private var loop: Task<Void, Never>?
    /// Called after each frame is logged (a live view redraws here).
    public var onFrame: (@MainActor (Int) -> Void)?

    public init(probe: Probe, framesPerSecond: Double = 60) {
        self.probe = probe
        self.budget = .nanoseconds(Int64(1e9 / framesPerSecond))
    }

    public func start() {
        guard loop == nil else { return }
        loop = Task { @MainActor [weak self] in
            guard let probe = self?.probe else { return }
            await probe.withLane("UI frames") {
                let clock = ContinuousClock()
                var deadline = clock.now
                while !Task.isCancelled {
                    deadline = max(deadline + (self?.budget ?? .milliseconds(16)), clock.now)
                    try? await Task.sleep(until: deadline, clock: clock)
                    guard let self, !Task.isCancelled else { return }
                    self.frames.append(probe.now)
                    probe.mark("frame")
                    self.onFrame?(self.frames.count)
                }
            }
        }
    }

    /// The seconds between the last two frames rendered (0 before the second): the gap a
    /// blocked main actor leaves.
    public var lastGap: Double {
        frames.count > 1 ? frames[frames.count - 1] - frames[frames.count - 2] : 0
    }

    /// How many frames it has rendered so far.
    public var framesDrawn: Int { frames.count }

    /// Stops the loop and returns every frame it rendered.
    public func stop() async -> FrameLog {
        loop?.cancel()
        await loop?.value
        loop = nil
        onFrame = nil
        return FrameLog(budget: budget.seconds, frames: frames)
    }
}
