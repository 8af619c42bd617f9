import LessonKit

/// Lesson 6: actors, from the book's BuildMessage and TimeStore, Coffee Tracker and the joke app.
public struct ActorsLesson: Lesson {
    public init() {}

    public let name = "actors"
    public let title = "Actors: state that one task at a time may touch"
    public let summary =
        "isolation and nonisolated, a data race counted (class vs actor vs Mutex vs Atomic), reentrancy, Coffee Tracker's actors, JokeServiceStore"

    public let introduction = """
        An actor owns its state: code outside reaches it only with `await`, and the actor runs \
        one piece of its code at a time. We start with the book's BuildMessage and TimeStore, \
        count the updates a shared class loses to a data race (and what an actor, a Mutex and an \
        Atomic cost to prevent it), watch an actor's `await` let a second call in (reentrancy), \
        then port Coffee Tracker's actors (extras: the joke app's store, and Coffee Tracker's \
        completion-handler shims on an actor).
        """

    public var variants: [LessonVariant] {
        [
            BuildMessageVariant.variant,
            CountersVariant.variant,
            ReentrancyVariant.variant,
            CoffeeTrackerVariant.variant,
            JokeServiceVariant.variant.extra,
            DeprecatedShimsVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "Outside an actor, its methods and mutable properties need `await`; the compiler rejects direct access. `nonisolated` members that touch only immutable state can be called synchronously.",
        "A class shared between tasks can lose updates, and whether it does on a given run is luck; an actor, a Mutex and an Atomic never do. What each costs depends on the machine and on contention: measure before you choose (`lab bench`).",
        "An actor is reentrant: at every `await` inside it, another call may run. Check-then-await-then-act can do the work twice; store the in-flight Task instead.",
        "Actors exchange values, not references: pass a copy of the drinks array to the store actor.",
        "On the main actor, mutate and write back before any `await`, or a concurrent call's write can be lost.",
    ]
}
