/// The frames a main-actor loop rendered, and what they say about hitches.
///
/// A frame is "dropped" for every budget interval that passed without one: a
/// 250 ms stall at 60 Hz drops about 14 frames. Timestamps are probe seconds.
public struct FrameLog: Sendable, Codable, Equatable {
    public let budget: Double
    public let frames: [Double]

    public init(budget: Double, frames: [Double]) {
        self.budget = budget
        self.frames = frames
    }

    /// Gaps between consecutive frames.
    public var intervals: [Double] { zip(frames.dropFirst(), frames).map { $0 - $1 } }

    /// The longest time the loop went without a frame.
    public var worstInterval: Double { intervals.max() ?? 0 }

    /// Frames that came later than 1.5 budgets after the previous one.
    public var hitches: Int { intervals.filter { $0 > budget * 1.5 }.count }

    /// The frames that should have been rendered in the gaps and were not.
    public var droppedFrames: Int {
        intervals.reduce(0) { $0 + max(0, Int(($1 / budget).rounded()) - 1) }
    }

    /// Frames rendered strictly inside the time interval.
    public func frames(during start: Double, _ end: Double) -> Int {
        frames.filter { $0 > start && $0 < end }.count
    }
}
