import LessonKit

/// Lesson 1: blocking vs suspending, from the book's ConcurrencyDemo chapter.
public struct SyncVsAsyncLesson: Lesson {
    public init() {}

    public let name = "sync-vs-async"
    public let title = "Sync vs async: blocking, suspending, and the Task bridge"
    public let summary =
        "doSomething()/takesTooLong() blocking vs awaiting; errors, async properties, Task vs Task.detached, priorities"

    public let introduction = """
        The book's ConcurrencyDemo app has one button, "Do Something". Its action calls \
        doSomething(), which calls takesTooLong(), which waits 5 seconds. We run that app's \
        code without SwiftUI: the button's action runs on the main actor, a stand-in UI loop \
        draws 60 frames a second on the main actor, and the 5-second wait runs on a scaled clock. \
        Each variant shows what the original prints, where each step ran and what it cost.
        """

    public var variants: [LessonVariant] {
        [
            BlockingVariant.variant,
            AsyncAwaitVariant.variant,
            ThreadSleepVariant.variant,
            ErrorsVariant.variant.extra,
            AsyncPropertyVariant.variant.extra,
            UnstructuredVsDetachedVariant.variant,
            PrioritiesVariant.variant.extra,
            SourcesCorrectedVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "Blocking the main actor freezes the UI: no frame can be drawn until the call returns.",
        "`await` suspends the function, not the thread: the main actor draws frames while takesTooLong() waits, yet doSomething() still reads top to bottom.",
        "`async` alone does not make blocking code harmless. A blocked task holds one of the pool's few threads (thread-sleep measures how many this process has).",
        "Task {} inherits the actor, priority and task-locals of where it starts; Task.detached inherits none of them (awaiting it can still raise its priority: that is escalation, not inheritance).",
        "Check isolation with #isolation or MainActor.assumeIsolated, never with Thread.isMainThread (see `lab doctor`).",
    ]
}
