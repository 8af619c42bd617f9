import LessonKit

/// Lesson 8: continuations, from Coffee Tracker's HealthKit code.
public struct ContinuationsLesson: Lesson {
    public init() {}

    public let name = "continuations"
    public let title = "Continuations: async functions over completion handlers"
    public let summary =
        "wrapping Coffee Tracker's HealthKit query with withCheckedThrowingContinuation, async alternatives beside deprecated shims, a delegate as an AsyncStream, resume exactly once"

    public let introduction = """
        Coffee Tracker talks to HealthKit through completion handlers that run on background \
        queues. A continuation turns such a call into an async function: the task suspends, the \
        callback resumes it, exactly once. We wrap the stand-in health store's calls, keep the old \
        API as a deprecated shim over the new one, bridge a delegate that reports readings to an \
        AsyncStream, and then break the one rule, in child processes, to see what the runtime says.
        """

    public var variants: [LessonVariant] {
        [
            AnchoredQueryVariant.variant,
            AsyncAlternativeVariant.variant,
            DelegateStreamVariant.variant,
            ResumeOnceVariant.variant,
            CheckCostVariant.variant.extra,
        ]
    }

    public var childDemos: [ChildDemo] { ResumeOnceVariant.demos }

    public let takeaways = [
        "withCheckedThrowingContinuation suspends the task until the callback calls resume; the caller then continues on its own actor, not the callback's queue.",
        "Write the async version first, and keep the completion-handler API as a deprecated shim that calls it: old callers keep working and get a nudge.",
        "A delegate or callback that reports many values becomes an AsyncStream: yield in the callback, stop the source in onTermination.",
        "Resume exactly once on every path. Never resuming leaks the task (the checked continuation says so when it is destroyed); resuming twice stops the program.",
    ]
}
