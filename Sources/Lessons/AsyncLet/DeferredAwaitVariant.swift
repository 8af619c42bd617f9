import Foundation
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
        let clock = ContinuousClock()
        var marks: [String: Double] = [:]
        let start = clock.now
        await probe.withLane("doSomething()") {
            demo.say("Start \(Timestamp.now)")
            async let result = probe.withLane("async let result") { await demo.takesTooLong(announce: false) }
            marks["after"] = start.duration(to: clock.now).seconds
            demo.say("After async-let \(Timestamp.now)")
            probe.syncSpan("other work", kind: .cpu) {
                CPUWork.burn(for: context.scale.duration(sourceSeconds: 2))
            }
            let date = await result
            marks["result"] = start.duration(to: clock.now).seconds
            demo.say("result = \(Timestamp.string(date))")
            demo.say("End \(Timestamp.now)")
        }
        let spans = probe.spans
        let child = try spans.single(named: "takesTooLong()")
        let other = try spans.single(named: "other work")
        context.record(
            "after_async_let_seconds", "\"After async-let\" printed after Start", seconds: marks["after"] ?? 0)
        context.record("result_seconds", "\"result =\" printed after Start", seconds: marks["result"] ?? 0)
        context.record("overlapped", "other work overlapped takesTooLong()", flag: other.overlaps(child))
        context.record("other_work_seconds", "other work took", seconds: other.duration)
        console.paragraph(
            """
            "After async-let" came \((marks["after"] ?? 0).formattedAsDuration) after Start: binding \
            did not wait. The other work took \(other.duration.formattedAsDuration) on the \(other.isolation) \
            \(other.overlaps(child) ? "while" : "but not while") takesTooLong() slept in its child task \
            (\(child.isolation)), and `await result` waited only for what was left.
            """)
    }
}
