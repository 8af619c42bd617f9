import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Lesson 13: moving real GCD code to Swift concurrency, and the two habits that deadlock.
public struct FromGCDLesson: Lesson {
    public init() {}

    public let name = "from-gcd"
    public let title = "From GCD: queues, groups and semaphores to actors and tasks"
    public let summary =
        "serial queue → actor, DispatchGroup → task group, a semaphore bridge deadlocking the pool, main.sync from the main actor"

    public let introduction = """
        Most Swift code that predates async/await guards state with a serial queue, fans out \
        with a DispatchGroup, bridges to synchronous callers with a semaphore and hops to the \
        main queue. We move the first two and measure both versions side by side, then run the \
        two habits that deadlock (a semaphore waiting on async work, DispatchQueue.main.sync \
        from the main actor) in child processes with a time limit, so the hang is measured, not \
        asserted. Completion handlers become continuations: that is the continuations lesson.
        """

    public var variants: [LessonVariant] {
        [
            SerialQueueVariant.variant, DispatchGroupVariant.variant, SemaphoreBridgeVariant.variant,
            MainQueueSyncVariant.variant,
        ]
    }

    public var childDemos: [ChildDemo] { BlockingBridgeDemos.demos }

    public let takeaways = [
        "A serial queue guarding state becomes an actor: the same safety, now checked by the compiler.",
        "DispatchGroup's enter/leave/notify becomes a task group: children return values, no lock, cancellation included.",
        "A semaphore that waits for async work blocks a pool thread; when every thread waits, nothing can signal: a deadlock that depends on how many callers arrive together.",
        "DispatchQueue.main.sync from the main actor waits for itself; await a @MainActor function or MainActor.run instead.",
        "Completion handlers become async functions through continuations (the continuations lesson).",
    ]
}
