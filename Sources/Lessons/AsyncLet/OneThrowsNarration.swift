import LabCore

/// The one-throws variant's words, chosen from its figures. Leaving the scope cancels the slow
/// sibling only if it is still running: on a loaded machine (one CPU beside a busy process) the
/// tasks can be resumed so late that the slow download has ended before the error reaches the
/// caller, and then awaiting the failing binding first is no sooner. A pure function, tested
/// for each outcome.
public enum OneThrowsNarration {
    public struct Figures: Sendable {
        /// When the error reached the caller, awaiting the failing binding first.
        public var failingFirstSeconds: Double
        /// Whether the slow sibling saw the cancellation (awaiting the failing binding first).
        public var siblingCancelled: Bool
        /// How long the failing request took, measured (awaiting the failing binding first).
        public var failingRequestSeconds: Double
        /// When the error reached the caller, awaiting the slow binding first.
        public var slowFirstSeconds: Double
        /// The stated lengths, at this scale: the request fails after `failingStated`, the slow
        /// download takes `slowStated`.
        public var failingStated: Double
        public var slowStated: Double

        public init(
            failingFirstSeconds: Double, siblingCancelled: Bool, failingRequestSeconds: Double,
            slowFirstSeconds: Double, failingStated: Double, slowStated: Double
        ) {
            self.failingFirstSeconds = failingFirstSeconds
            self.siblingCancelled = siblingCancelled
            self.failingRequestSeconds = failingRequestSeconds
            self.slowFirstSeconds = slowFirstSeconds
            self.failingStated = failingStated
            self.slowStated = slowStated
        }
    }

    public static func paragraph(_ figures: Figures) -> String {
        let failingFirst = figures.failingFirstSeconds.formattedAsDuration
        let slowFirst = figures.slowFirstSeconds.formattedAsDuration
        var sibling: String
        if figures.siblingCancelled {
            sibling = " and leaving the scope cancelled the slow sibling."
        } else {
            // Nothing was cancelled: the slow download had ended before the scope was left.
            sibling =
                ", when the slow sibling (\(figures.slowStated.formattedAsDuration)) had already finished, "
                + "so leaving the scope had nothing to cancel"
            // Only where the failing request's own time shows the machine ran it late.
            sibling +=
                figures.failingRequestSeconds >= 2 * figures.failingStated
                ? ": this machine ran the tasks late (the request that fails after "
                    + "\(figures.failingStated.formattedAsDuration) took \(figures.failingRequestSeconds.formattedAsDuration))."
                : "."
        }
        let order =
            figures.slowFirstSeconds > figures.failingFirstSeconds
            ? "The error surfaces where you await, in the order you await."
            : "The error surfaces where you await, in the order you await, though this run's times do not show "
                + "the gain: awaiting the failing one first took \(failingFirst), no sooner."
        return
            "Awaiting the failing binding first, the error arrived after \(failingFirst)\(sibling) "
            + "Awaiting the slow one first, the error waited behind it: \(slowFirst). \(order)"
    }
}
