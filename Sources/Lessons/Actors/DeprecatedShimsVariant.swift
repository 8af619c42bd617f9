import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Coffee Tracker's completion-handler methods, kept when HealthKitController became an actor.
enum DeprecatedShimsVariant {
    static let variant = LessonVariant(
        "deprecated-shims", title: "Completion-handler shims on an actor must be nonisolated"
    ) { context in
        let console = context.console
        let terminal = console.terminal
        console.paragraph(
            """
            When HealthKitController becomes an actor, Coffee Tracker keeps its old \
            completion-handler methods for callers that have not moved to async, as deprecated \
            shims over the async versions. Old callers are synchronous, so a shim left isolated \
            to the actor does not compile:
            """)
        console.say(terminal.paint("  error: \(CompilerDiagnostics.actorShimIsolated.message)", .red))
        console.paragraph(
            "The session marks the shims `nonisolated`: they touch no state, and start a Task that awaits the actor. The old call site then compiles, with the nudge:"
        )
        console.say(terminal.paint("  warning: \(CompilerDiagnostics.actorShimNonisolated.message)", .yellow))
        let store = CaffeineHealthStore(behavior: context.behavior(latency: .fixed(0.5)))
        let controller = HealthKitController(store: store)
        let calls = Locked<[(granted: Bool, ranOn: Isolation, at: Double)]>([])
        let probe = context.probe
        let called = probe.now
        let returned = Locked(0.0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            controller.requestAuthorization { granted, ranOn in  // the old, synchronous call site
                calls.withLock { $0.append((granted, ranOn, probe.now)) }
                done.resume()
            }
            returned.withLock { $0 = probe.now }
        }
        let returnedAfter = returned.withLock { $0 } - called
        let answers = calls.withLock { $0 }
        guard let first = answers.first else {
            throw ServiceError.badResponse("the completion handler was never called")
        }
        console.output(
            "completion(\(first.granted)) after \((first.at - called).formattedAsDuration), from code that ran \(first.ranOn)"
        )
        context.record("call_returned_after_seconds", "the synchronous call returned after", seconds: returnedAfter)
        context.record("completion_calls", "times the completion handler was called", count: answers.count)
        context.record("completion_after_seconds", "completion called after", seconds: first.at - called)
        context.record("completion_ran_on", "the completion ran", text: first.ranOn.description)
        // The gap the narration says where the completion came after the return: a figure of its own,
        // so the sentence's every number is one the run recorded.
        if first.at - called >= returnedAfter {
            context.record(
                "completion_after_return_seconds", "completion came after the return",
                seconds: first.at - called - returnedAfter)
        }
        console.paragraph(
            narrate(
                returnedAfter: returnedAfter, completionAfter: first.at - called, calls: answers.count,
                granted: first.granted, ranOn: first.ranOn))
    }

    /// When the call returned and when the completion came, both from the call: the completion is
    /// said after the return by their difference (one CPU once showed 2 ms and 27.1 ms, and "27.1 ms
    /// later" read as after the return), or before it where a busy machine ran the caller late.
    static func narrate(
        returnedAfter: Double, completionAfter: Double, calls: Int, granted: Bool, ranOn: Isolation
    ) -> String {
        let when =
            completionAfter >= returnedAfter
            ? "The synchronous call returned after \(returnedAfter.formattedAsDuration); the completion came "
                + "\((completionAfter - returnedAfter).formattedAsDuration) after that "
                + "(\(completionAfter.formattedAsDuration) after the call)"
            : "The completion came \(completionAfter.formattedAsDuration) after the call, before the synchronous "
                + "call had returned (it returned after \(returnedAfter.formattedAsDuration))"
        let times = calls == 1 ? "once" : "\(calls) times"
        return
            "\(when), \(times), with the async method's answer (\(granted)), from the shim's Task, which ran \(ranOn). "
            + "Callers of a shim must not assume which thread or actor calls them back."
    }
}
