import CheckChannel
import Dispatch

/// Wake-ups on the shared pool of threads (see CheckChannel.h): what a check reads to see a task
/// woken where no watch of its own runs, such as an unstructured task's timers. The check's own
/// task (the one that started the watch) is left out.
enum PoolWakes {
    /// Starts the watch (once per process); false where this runtime cannot be watched.
    static func watch() -> Bool { lab_check_pool_watch() == 0 }

    /// The answer's tasks woken on the pool since the last mark: not as they start, hop of
    /// themselves or are sent a message by a task of the program's (see Channel/pool_watch.c), counting
    /// afresh from now.
    static func mark() -> Int { Int(lab_check_pool_mark()) }

    /// Until the next mark, counts only what is handed to the pool before `deadline`: the end of a
    /// hold, fixed before the answer starts, so that an event the check lets come just after it is
    /// not counted however late the check reads the count.
    static func count(until deadline: ContinuousClock.Instant) {
        let left = max(.zero, ContinuousClock.now.duration(to: deadline)).components
        lab_check_pool_count_until(UInt64(left.seconds) * 1_000_000_000 + UInt64(left.attoseconds / 1_000_000_000))
    }

    /// Counts the calling task from its first wake on the pool: a task the check starts to run the
    /// answer's code in does not begin with a hop there, and a main-actor loop in it that slept once
    /// inside a hold, then looked, was forgiven that wake as a first sighting.
    static func countFromTheFirstWake() { lab_check_pool_seen_current() }
}

/// The tasks a piece of synchronous code starts, counted by the runtime's own hooks: each job the
/// calling thread hands the pool or the main actor's executor while `body` runs is a task it
/// started (synchronous code wakes no task of its own). A task started by a task that began
/// meanwhile, on another thread, is that task's, not `body`'s.
enum TaskStarts {
    /// `body`'s result and how many tasks it started; nil where the hooks are not found.
    ///
    /// With `holdingBack`, the tasks `body` starts are kept from beginning until it returns, or
    /// until that patience is over (`letGoFirst`): a correct `body` returns in microseconds and
    /// never sees its tasks begin, one that waits for its task to begin waits out the patience.
    /// On two CPUs such a wait took some 20 µs and passed 02; on one CPU it never ended.
    static func counting<T>(holdingBack patience: Duration? = nil, _ body: () -> T) -> (
        result: T, started: Int?, letGoFirst: Bool
    ) {
        let generation = lab_check_starts_begin(patience == nil ? 0 : 1)
        if let patience, generation > 0 {
            let nanoseconds = Int(patience.components.seconds) * 1_000_000_000 + Int(patience.components.attoseconds / 1_000_000_000)
            // From a Dispatch thread: `body` holds this one.
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                lab_check_starts_let_go(generation)
            }
        }
        let result = body()
        var letGoFirst: Int32 = 0
        let started = Int(lab_check_starts_end(&letGoFirst))
        return (result, generation > 0 ? started : nil, letGoFirst != 0)
    }
}

/// The unstructured tasks the program creates, on any thread (see CheckChannel.h): each
/// `Task {}`, detached task and `Task.immediate`, whoever creates it and whenever, so a task
/// started later from inside another is counted too. A group's child or `async let`'s is not:
/// its parent awaits it.
enum TasksCreated {
    /// Whether creations reach the count here: the check creates one task and looks. Call it
    /// before the moment to be counted.
    static func watch() -> Bool {
        let before = lab_check_tasks_created()
        _ = Task<Void, Never> {}
        return lab_check_tasks_created() > before
    }

    /// Every task created so far.
    static var count: Int { Int(lab_check_tasks_created()) }
}

/// Tasks begun by code other than the check's own task (see CheckChannel.h): a chain of tasks,
/// each looking once and starting the next, wakes nothing, but begins task after task.
enum TasksBegun {
    static var count: Int { Int(lab_check_tasks_begun()) }
}

/// Tasks being made at this moment, on any thread (see CheckChannel.h): one made in a callback and
/// started at once elsewhere may hand a task over before its making is recorded as the program's.
enum TasksBeingMade {
    /// Returns once no task is being made, each one made so far recorded, or after `patience` (a
    /// program that makes tasks without end).
    static func recorded(patience: Duration = .seconds(1)) async {
        let start = ContinuousClock.now
        while lab_check_tasks_being_made() > 0 && start.duration(to: .now) < patience {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
