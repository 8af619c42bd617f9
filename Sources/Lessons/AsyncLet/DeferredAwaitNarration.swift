import LabCore

/// The deferred-await variant's words, chosen from its figures: whether "After async-let"
/// printed while takesTooLong() still ran, whether the other work overlapped the call, and
/// what was left for `await result`. A pure function, tested for each outcome.
public enum DeferredAwaitNarration {
    /// Times in seconds on one clock (the probe's): when each thing happened.
    public struct Figures: Sendable {
        /// "Start" printed.
        public var start: Double
        /// "After async-let" printed.
        public var after: Double
        /// takesTooLong() in its child task.
        public var childStart: Double
        public var childEnd: Double
        /// The CPU loop on the main actor between the binding and the await.
        public var otherStart: Double
        public var otherEnd: Double
        /// `await result` returned.
        public var result: Double
        /// Where each ran, as the steps table names it.
        public var otherIsolation: String
        public var childIsolation: String

        public init(
            start: Double, after: Double, childStart: Double, childEnd: Double, otherStart: Double,
            otherEnd: Double, result: Double, otherIsolation: String = "main actor",
            childIsolation: String = "nonisolated"
        ) {
            self.start = start
            self.after = after
            self.childStart = childStart
            self.childEnd = childEnd
            self.otherStart = otherStart
            self.otherEnd = otherEnd
            self.result = result
            self.otherIsolation = otherIsolation
            self.childIsolation = childIsolation
        }

        public var afterSeconds: Double { after - start }
        public var childSeconds: Double { childEnd - childStart }
        public var otherSeconds: Double { otherEnd - otherStart }
        /// How long `await result` took, from the end of the other work.
        public var awaitSeconds: Double { max(0, result - otherEnd) }
        public var overlapped: Bool { childStart < otherEnd && otherStart < childEnd }
        /// "After async-let" printed before takesTooLong() ended.
        public var printedWhileChildRan: Bool { after < childEnd }
    }

    public static func paragraph(_ figures: Figures) -> String {
        let after = figures.afterSeconds.formattedAsDuration
        let other = figures.otherSeconds.formattedAsDuration
        let call = figures.childSeconds.formattedAsDuration
        let wait = figures.awaitSeconds.formattedAsDuration
        let child = "its child task (\(figures.childIsolation))"
        let binding =
            figures.printedWhileChildRan
            ? "\"After async-let\" came \(after) after Start, while takesTooLong() was still running: the binding did not wait for it."
            : "\"After async-let\" came \(after) after Start, when takesTooLong() (\(call)) had already ended: this run's "
                + "figures do not show that the binding did not wait."
        let rest: String
        if figures.overlapped {
            let start =
                "The other work took \(other) on the \(figures.otherIsolation) while takesTooLong() slept in \(child)"
            if figures.childEnd <= figures.otherEnd {
                rest =
                    "\(start), and the call had ended before the other work did, so `await result` had nothing "
                    + "left to wait for: it returned in \(wait)."
            } else if figures.awaitSeconds < figures.childSeconds {
                rest = "\(start), so `await result` waited \(wait), less than the call's \(call): only what was left."
            } else {
                rest = "\(start); `await result` then waited \(wait) (the call took \(call))."
            }
        } else if figures.childStart >= figures.otherEnd {
            rest =
                "The other work took \(other) on the \(figures.otherIsolation), and takesTooLong() did not start in "
                + "\(child) until it was done: here nothing ran at the same time, and `await result` waited \(wait), "
                + (figures.awaitSeconds >= figures.childSeconds
                    ? "for the whole call (\(call))." : "while the call took \(call).")
        } else {
            rest =
                "takesTooLong() ran in \(child) and ended (\(call)) before the other work began: here the two did not "
                + "run at the same time either. The other work took \(other) on the \(figures.otherIsolation), and "
                + "`await result` returned in \(wait)."
        }
        return binding + " " + rest
    }
}
