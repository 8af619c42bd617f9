import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's `async let result = takesTooLong()` with Start / After async-let / result / End.
enum DeferredAwaitVariant {
    static let variant = LessonVariant("deferred-await", title: "ConcurrencyDemo: async let result = takesTooLong()") {
        context in
        let console = context.console
        console.paragraph(
            """
            doSomething() binds `async let result = takesTooLong()`, prints "After async-let", does \
            other work (a CPU loop on the main actor sized for \(context.describe(sourceSeconds: 2))), \
            and only then reads `await result`.
            """)
        let demo = ConcurrencyDemo(context: context)
        let probe = context.probe
        // Every time on the probe's clock, so the marks compare with the spans.
        var marks: [String: Double] = [:]
        let start = probe.now
        await probe.withLane("doSomething()") {
            demo.say("Start \(Timestamp.now)")
            async let result = probe.withLane("async let result") { await demo.takesTooLong(announce: false) }
            marks["after"] = probe.now
            demo.say("After async-let \(Timestamp.now)")
            probe.syncSpan("other work", kind: .cpu) {
                CPUWork.burn(for: context.scale.duration(sourceSeconds: 2))
            }
            let date = await result
            marks["result"] = probe.now
            demo.say("result = \(Timestamp.string(date))")
            demo.say("End \(Timestamp.now)")
        }
        let spans = probe.spans
        let child = try spans.single(named: "takesTooLong()")
        let other = try spans.single(named: "other work")
        let figures = DeferredAwaitNarration.Figures(
            start: start, after: marks["after"] ?? start, childStart: child.start, childEnd: child.end,
            otherStart: other.start, otherEnd: other.end, result: marks["result"] ?? other.end,
            otherIsolation: "\(other.isolation)", childIsolation: "\(child.isolation)")
        context.record(
            "after_async_let_seconds", "\"After async-let\" printed after Start", seconds: figures.afterSeconds)
        context.record(
            "result_seconds", "\"result =\" printed after Start", seconds: (marks["result"] ?? start) - start)
        context.record("overlapped", "other work overlapped takesTooLong()", flag: figures.overlapped)
        context.record(
            "printed_while_child_ran", "\"After async-let\" printed while takesTooLong() ran",
            flag: figures.printedWhileChildRan)
        context.record("other_work_seconds", "other work took", seconds: figures.otherSeconds)
        context.record("call_seconds", "takesTooLong() took", seconds: figures.childSeconds)
        context.record("await_seconds", "`await result` waited", seconds: figures.awaitSeconds)
        console.paragraph(DeferredAwaitNarration.paragraph(figures))
    }
}
