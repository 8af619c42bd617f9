import LabCore
import Synchronization

/// Holds arriving tasks so that they start their work together, as far as this machine
/// lets them: it opens when `parties` tasks have arrived, or when `patience` has passed
/// since the first one did, whichever comes first. Then every task goes on, and so does
/// any that arrives later.
///
/// Why it spins rather than suspends, though spinning holds a thread: the point is that every
/// task is *running* when the start comes, so that the race the lesson counts can happen. A
/// suspended task is resumed by being queued to the executor, and runs only once a pool thread
/// wakes and takes it. Measured (2 tasks, 20,000 unsafe increments each, 200 runs per barrier,
/// release, this 2-CPU VM under load): the two first increments came at best 0.5 µs apart
/// after a spinning barrier and never under 27 µs after one that resumed continuations, as
/// long as one task's 20,000 increments take (27 µs at best): the first has all but finished
/// when the second starts. Updates were lost in 8 runs against 3.
///
/// Why a time limit: a spinning task holds its thread. Where the global executor
/// has fewer threads than `parties` (one CPU: `taskset -c 0` gives a one-thread pool) the
/// others can never arrive, and a barrier without a limit spins forever. So it never
/// waits for tasks to run at the same instant; it reports how many did, and on how many
/// threads they arrived: on a one-thread pool, all on one, each only after the one before
/// had stopped spinning here and run to its end.
final class StartBarrier: Sendable {
    let parties: Int
    let patience: Duration
    private let arrived = Atomic(0)
    /// How many had arrived when it opened; 0 while it is closed.
    private let openedWith = Atomic(0)
    private let openedAt = Mutex<ContinuousClock.Instant?>(nil)
    /// The OS thread each task arrived on. Recorded before the spin, so it costs the start nothing.
    /// `Locked`, not `Mutex`: the thread sanitizer on Linux does not see a Mutex's lock and reports
    /// a race in every contended `withLock` (see `Locked`), and the suite runs under it in CI.
    private let arrivalThreads = Locked<Set<UInt64>>([])

    init(parties: Int, patience: Duration = CounterExperiment.startPatience) {
        precondition(parties >= 1, "a barrier needs a party")
        self.parties = parties
        self.patience = patience
    }

    @Sendable func arriveAndWait() {
        let clock = ContinuousClock()
        let thread = currentThreadID()
        arrivalThreads.withLock { _ = $0.insert(thread) }
        let arrival = arrived.add(1, ordering: .acquiringAndReleasing).newValue
        if arrival >= parties {
            open(with: arrival, at: clock.now)
            return
        }
        let deadline = clock.now + patience
        while openedWith.load(ordering: .acquiring) == 0 {
            let now = clock.now
            if now >= deadline {
                open(with: arrived.load(ordering: .acquiring), at: now)
                return
            }
        }
    }

    /// The first to open it records how many had arrived and when; later calls change nothing.
    private func open(with count: Int, at instant: ContinuousClock.Instant) {
        if openedWith.compareExchange(expected: 0, desired: count, ordering: .acquiringAndReleasing).exchanged {
            openedAt.withLock { $0 = instant }
        }
    }

    /// How many tasks were running at the barrier when it opened: `parties` when all
    /// started together, fewer when the time limit opened it (1: they ran one at a time).
    /// 0 if no task has arrived.
    var startedTogether: Int { openedWith.load(ordering: .acquiring) }

    /// How many OS threads the tasks arrived on, measured: 1 when every task ran on the same
    /// thread, one after another (the spinning task held it while the others waited for it).
    var threads: Int { arrivalThreads.withLock { $0.count } }

    /// When it opened: the start of the work, after any waiting.
    var openedInstant: ContinuousClock.Instant? { openedAt.withLock { $0 } }
}
