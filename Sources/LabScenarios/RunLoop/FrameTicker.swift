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

    /// On a terminal, draws the UI as a live line that redraws every frame: a
    /// spinner and a frame counter. While the main actor is blocked it visibly stops.
    public func showLive(on console: Console, label: String = "UI", status: (@MainActor () -> String)? = nil) {
        guard console.showsLiveLine else { return }
        let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        onFrame = { [weak self] frame in
            guard let self else { return }
            let gap =
                self.frames.count > 1 ? self.frames[self.frames.count - 1] - self.frames[self.frames.count - 2] : 0
            let late =
                gap > self.budget.seconds * 1.5
                ? console.terminal.paint("  (a \(gap.formattedAsDuration) gap: frames dropped)", .red) : ""
            let state = status.map { "  " + $0() } ?? ""
            console.setLiveLine(
                "  " + console.terminal.paint("\(label) \(spinner[frame % spinner.count]) frame \(frame)", .magenta)
                    + state + late)
        }
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
