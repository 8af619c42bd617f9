import LessonKit

/// Lesson 2: `async let`, from ConcurrencyDemo and the Mars rover app.
public struct AsyncLetLesson: Lesson {
    public init() {}

    public let name = "async-let"
    public let title = "async let: start now, await later"
    public let summary =
        "deferred awaits and concurrent bindings: ConcurrencyDemo's result, three rovers at once, cancellation at scope exit"

    public let introduction = """
        `await` waits where it is written. `async let` starts the call at once in a child task \
        and waits only where the value is read. We start from the book's ConcurrencyDemo, where \
        code after the binding runs while takesTooLong() sleeps, then fetch three Mars rovers' \
        latest photos (a simulated API with 2 ± 0.8 s latency), then look at what happens to \
        bindings that are never read or that throw, and at when async let is the wrong tool.
        """

    public var variants: [LessonVariant] {
        [
            DeferredAwaitVariant.variant,
            ThreeRoversVariant.variant,
            NeverAwaitedVariant.variant,
            OneThrowsVariant.variant,
            DynamicCountVariant.variant.stepsWithFlagOnly,
            ChildCostVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "`async let x = f()` starts f() now, in a child task; `await x` is where you wait. Code in between does not wait for f(), so the two can run at the same time; whether they did depends on the machine, and deferred-await says whether they did in this run.",
        "Independent calls as async let bindings take as long as the slowest one, not the sum.",
        "A binding that is never awaited is cancelled and then awaited when its scope ends: the function cannot return before its child does.",
        "When one binding throws, the error reaches you where you await it; leaving the scope cancels the others. Await the one likely to fail first if you want to fail fast.",
        "async let is for a fixed number of calls. Inside a loop it is sequential; for a dynamic number use a task group (next lesson).",
        "An async let child lives in its parent task's own allocator; a Task {} or a group child is a heap allocation of its own (the child-cost table counts them, with the lab's allocation counter; on macOS the counts are unavailable and only the times are shown).",
    ]
}
