import Testing

@testable import LabCore
@testable import Lessons

/// Each sentence the deferred-await variant can print, forced from figures: the other work
/// overlapping the call or not (a loaded machine may start the child only after the main
/// actor's loop), and "After async-let" printing before the call ended or after.
struct DeferredAwaitNarrationTests {
    typealias Figures = DeferredAwaitNarration.Figures

    /// A quiet run: the child sleeps 250 ms from 1 ms; the loop runs 1 ms–101 ms.
    static let quiet = Figures(
        start: 0, after: 0.001, childStart: 0.001, childEnd: 0.251, otherStart: 0.001, otherEnd: 0.101, result: 0.252)

    @Test func overlappedTheAwaitWaitsOnlyForWhatWasLeft() {
        let paragraph = DeferredAwaitNarration.paragraph(Self.quiet)
        expectContains(paragraph, "\"After async-let\" came 1 ms after Start, while takesTooLong() was still running")
        expectContains(paragraph, "the binding did not wait for it")
        expectContains(
            paragraph,
            "The other work took 100 ms on the main actor while takesTooLong() slept in its child task (nonisolated)")
        expectContains(paragraph, "`await result` waited 151 ms, less than the call's 250 ms: only what was left.")
    }

    @Test func noOverlapTheAwaitWaitsForTheWholeCall() {
        // The child started only when the loop was done.
        let figures = Figures(
            start: 0, after: 0.001, childStart: 0.101, childEnd: 0.351, otherStart: 0.001, otherEnd: 0.101,
            result: 0.352)
        let paragraph = DeferredAwaitNarration.paragraph(figures)
        expectContains(paragraph, "the binding did not wait for it")
        expectContains(paragraph, "takesTooLong() did not start in its child task (nonisolated) until it was done")
        expectContains(paragraph, "`await result` waited 251 ms, for the whole call (250 ms).")
        expectNotContains(paragraph, "while takesTooLong() slept")
        expectNotContains(paragraph, "only what was left")
    }

    @Test func theCallEndedDuringTheOtherWork() {
        var figures = Self.quiet
        figures.otherEnd = 0.301
        figures.result = 0.302
        let paragraph = DeferredAwaitNarration.paragraph(figures)
        expectContains(paragraph, "while takesTooLong() slept")
        expectContains(paragraph, "`await result` had nothing left to wait for: it returned in 1 ms.")
        expectNotContains(paragraph, "only what was left")
    }

    @Test func aStallBeforeTheLineMeansTheFiguresShowNoDeferral() {
        // The main actor was held up after the binding: the child ran and ended before the line printed.
        let figures = Figures(
            start: 0, after: 0.3, childStart: 0.001, childEnd: 0.251, otherStart: 0.3, otherEnd: 0.4, result: 0.401)
        let paragraph = DeferredAwaitNarration.paragraph(figures)
        expectContains(
            paragraph,
            "\"After async-let\" came 300 ms after Start, when takesTooLong() (250 ms) had already ended: "
                + "this run's figures do not show that the binding did not wait.")
        expectContains(paragraph, "ended (250 ms) before the other work began")
        expectNotContains(paragraph, "while takesTooLong()")
        expectNotContains(paragraph, "only what was left")
    }

    @Test func overlappedButTheAwaitTookLongerThanTheCall() {
        var figures = Self.quiet
        figures.result = 0.5
        let paragraph = DeferredAwaitNarration.paragraph(figures)
        expectContains(paragraph, "`await result` then waited 399 ms (the call took 250 ms).")
        expectNotContains(paragraph, "only what was left")
    }
}
