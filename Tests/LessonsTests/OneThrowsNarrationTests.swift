import Testing

@testable import Lessons

/// Each sentence the one-throws variant can print, forced from figures: the slow sibling
/// cancelled or already finished when the scope was left (a late run, one CPU beside a busy
/// process, resumed the tasks after the slow download had ended), and the failing-first order
/// sooner or not.
struct OneThrowsNarrationTests {
    typealias Figures = OneThrowsNarration.Figures

    /// A quiet run: the request fails at 50 ms, the slow download would take 250 ms.
    static let quiet = Figures(
        failingFirstSeconds: 0.051, siblingCancelled: true, failingRequestSeconds: 0.05, slowFirstSeconds: 0.252,
        failingStated: 0.05, slowStated: 0.25)

    @Test func aQuietRunCancelsTheSiblingAndFailsFast() {
        let paragraph = OneThrowsNarration.paragraph(Self.quiet)
        expectContains(
            paragraph, "the error arrived after 51 ms and leaving the scope cancelled the slow sibling.")
        expectContains(paragraph, "Awaiting the slow one first, the error waited behind it: 252 ms.")
        expectContains(paragraph, "The error surfaces where you await, in the order you await.")
        expectNotContains(paragraph, "nothing to cancel")
        expectNotContains(paragraph, "do not show")
    }

    /// Measured under taskset -c 0 beside a CPU hog: both requests ended at 636 ms, the error at
    /// 639 ms; the old sentence said the scope "cancelled the slow sibling (it had finished)".
    @Test func aLateRunFindsTheSiblingFinishedAndNothingToCancel() {
        let figures = Figures(
            failingFirstSeconds: 0.639, siblingCancelled: false, failingRequestSeconds: 0.635, slowFirstSeconds: 0.26,
            failingStated: 0.05, slowStated: 0.25)
        let paragraph = OneThrowsNarration.paragraph(figures)
        expectContains(
            paragraph,
            "the error arrived after 639 ms, when the slow sibling (250 ms) had already finished, so leaving the "
                + "scope had nothing to cancel: this machine ran the tasks late (the request that fails after 50 ms "
                + "took 635 ms).")
        expectNotContains(paragraph, "cancelled the slow sibling")
        expectContains(
            paragraph,
            "though this run's times do not show the gain: awaiting the failing one first took 639 ms, no sooner.")
    }

    /// The request itself on time, the parent late to see its error: no claim about the request.
    @Test func aFinishedSiblingWithAnOnTimeRequestBlamesNothing() {
        var figures = Self.quiet
        figures.siblingCancelled = false
        figures.failingFirstSeconds = 0.3
        figures.slowFirstSeconds = 0.35
        let paragraph = OneThrowsNarration.paragraph(figures)
        expectContains(paragraph, "had already finished, so leaving the scope had nothing to cancel.")
        expectNotContains(paragraph, "ran the tasks late")
        expectContains(paragraph, "The error surfaces where you await, in the order you await.")
        expectNotContains(paragraph, "no sooner")
    }

    /// The sibling cancelled, yet the other order no later: the gain is not claimed.
    @Test func equalTimesDoNotClaimTheGain() {
        var figures = Self.quiet
        figures.slowFirstSeconds = 0.051
        let paragraph = OneThrowsNarration.paragraph(figures)
        expectContains(paragraph, "cancelled the slow sibling.")
        expectContains(paragraph, "no sooner.")
    }
}
