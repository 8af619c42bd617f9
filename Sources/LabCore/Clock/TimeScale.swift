/// How fast the lab runs the sources' delays.
///
/// The original material waits for real: `Thread.sleep(forTimeInterval: 5)`.
/// A lesson keeps those *source seconds* in its code and runs them at a scale,
/// so the story stays faithful while a class does not wait five seconds per step.
public struct TimeScale: Sendable, Equatable, CustomStringConvertible {
    /// Real seconds per source second.
    public let factor: Double

    /// A 5 s delay in the sources takes 0.25 s.
    public static let lessonDefault = TimeScale(factor: 0.05)
    /// Source seconds are real seconds.
    public static let realTime = TimeScale(factor: 1)

    public init(factor: Double) {
        precondition(factor > 0 && factor.isFinite, "a time scale is a positive, finite factor")
        self.factor = factor
    }

    /// The real duration that stands for `seconds` of the source's time.
    public func duration(sourceSeconds seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * factor * 1e9).rounded()))
    }

    /// Converts a measured real duration back into source seconds, for narration.
    public func sourceSeconds(of duration: Duration) -> Double {
        duration.seconds / factor
    }

    public var description: String {
        factor == 1
            ? "real time"
            : "×\(factor.formatted(significantDigits: 3)) (5 s in the sources takes \(Duration.seconds(5 * factor).humanReadable))"
    }
}
