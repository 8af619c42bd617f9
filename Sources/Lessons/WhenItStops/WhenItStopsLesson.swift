import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Lesson 14: when concurrency stops — deadlock, starvation, priority inversion, reentrancy.
public struct WhenItStopsLesson: Lesson {
    public init() {}

    public let name = "when-it-stops"
    public let title = "When it stops: deadlock, starvation, priority inversion, reentrancy"
    public let summary =
        "a pool deadlocked by semaphore waits (its width measured), a starved main actor, a .high task behind .background work, an actor invariant broken across an await"

    public let introduction = """
        "Why did my app freeze?" Four ways concurrent code stops or goes wrong without crashing, \
        each reproduced safely and measured: a deadlock of the cooperative pool (run in a child \
        process with a watchdog), the main actor starved by one long synchronous job (the frames \
        it costs), a .high task waiting on .background work (whether the runtime raises it), and \
        an actor whose invariant breaks across an await (what it sold).
        """

    public var variants: [LessonVariant] {
        [
            PoolDeadlockVariant.variant,
            MainStarvedVariant.variant,
            PriorityInversionVariant.variant,
            BrokenInvariantVariant.variant,
        ]
    }

    public let takeaways = [
        "Never wait synchronously (a semaphore, a group's wait) for async work: once every pool thread waits, the work that would answer never runs. Suspend instead.",
        "One long synchronous job on the main actor stops every frame until it ends: cut it into pieces that await, or move it off the main actor (@concurrent), which frees the main actor but not a pool thread: where the pool has none to spare beside the job (one CPU, a one-thread pool), the frames wait anyway, and main-starved measures what they waited for.",
        "Awaiting a task tells the runtime whom you wait for, so it can raise that task's priority; a stream, a continuation or a semaphore cannot.",
        "An actor runs one call at a time only between awaits: finish a state change before you await, or check again after it.",
    ]

    public var childDemos: [ChildDemo] { [PoolDeadlockDemo.demo] }
}
