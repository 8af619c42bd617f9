import LabCore

/// What woke an answer's task while the check held still, the one measure of waiting against
/// polling that the checks share: a timer or another task (`timers`), the task's own jobs over
/// and over (`spins`), tasks of the answer's own woken again on the pool (`pooled`, see
/// PoolWakes; after the event, a few not woken by a timer of the answer's are forgiven). A task
/// that awaits an event is woken by none of them while the event is held.
struct Stirrings: Sendable {
    var timers = 0
    var spins = 0
    /// Wakes from outside handed over by the end of a task it awaited or by a callback (see
    /// `WakeWatch.Wakes.byAnEnd`), not counted in `timers` nor judged here: an event is one, a
    /// chain of callbacks the answer waits on in turn is many (17 and 18 read it after the handler).
    var byAnEnd = 0
    var pooled = 0
    /// After the event only (`StillnessWatch.holdThenLetGo`, `watchToTheEnd`): of those pool wakes,
    /// the ones a timer of the answer's handed over (a sleep's end), with every timer of the answer's
    /// armed since it began whose firing the channel cannot see (see AnswerTimers). Nil in a hold,
    /// where any pool wake is a look, and where the answer's timers are not seen (macOS).
    var byTheAnswersTimers: Int? = nil
    /// Tasks the answer's code began meanwhile (see TasksBegun): a few as it starts (an immediate
    /// task, a task on the main actor), not a chain of them.
    var begun = 0
    /// The CPU the process used meanwhile, and how long the hold lasted: code that waits uses next
    /// to none (the check's own waits are Dispatch timers); a loop that looks again and again uses
    /// what it gets, a CPU's worth on an idle machine, a third of one beside two busy processes.
    var cpu: Duration = .zero
    /// How long the process's threads wanted a CPU meanwhile: ran, or waited in line for one (see
    /// processRunnableSeconds); nil where the kernel does not say. A loop wants one the whole hold
    /// however little of a crowded CPU it gets: on a sixteenth of one (a check in a session of its
    /// own beside fifteen busy ones, as CI's one-CPU lane), 18's main-actor loop of actor hops used
    /// 11-12 ms of CPU in a hold of 200 ms, under the tenth below, and wanted a CPU for 340-355 ms
    /// (two threads); the solution there wanted one for 2 ms.
    var wanted: Duration? = nil
    var lasted: Duration = .zero

    /// More CPU than a tenth of the hold is a loop's; so is wanting a CPU for half of it or more.
    var computed: Bool { cpu > .milliseconds(10) && cpu * 10 > lasted || crowdedLoop }

    /// Wanted a CPU for half the hold or more, whatever CPU it got, with 4 ms of CPU or more: on a
    /// quiet machine running twelve checks at once per CPU (`--verify`), correct answers' threads,
    /// woken now and then, waited in line for 155-300 ms in all while using about 1 ms (a review's
    /// runs refused 01's `own-waiter-type` and told 17's held busy wait it had looped); the loops
    /// the rule was made for used 11-12 ms of a sixteenth of a CPU (18), 12 ms (01).
    private var crowdedLoop: Bool {
        guard let wanted, cpu >= .milliseconds(4) else { return false }
        return wanted > .milliseconds(10) && wanted * 2 > lasted
    }

    /// Where it wanted a CPU longer than it got one, for how long: said after the CPU it used.
    private var wantedNote: String {
        guard let wanted, crowdedLoop else { return "" }
        return
            ", and its threads wanted a CPU for \(wanted.humanReadable) in all (they ran, or waited in line for a crowded one)"
    }

    /// How many times the task may run of itself before that is a loop (Task.yield() again and
    /// again): a few of its own are hops onto an actor and back (one, measured in exercise 24). A
    /// check that lets more than one event come in the same count allows as many for each (08: a
    /// stream read through an actor hops three times for each of its reading and its end).
    var ownRunsAllowed = 4

    /// The runs of its own allowed in all: `ownRunsAllowed`, and two for each task it began (at most
    /// `tasksAllowed`). A child task (an `async let`, a group's child) inherits the watch
    /// as its executor, so its start and its parent's resumption as it ends run there: in 21, an
    /// `async let`, a group of one child and two `async let`s over the halves ran 5-6 times and
    /// were told they yielded in a loop (an audit's, helper 165, session 55). A loop that yields
    /// runs hundreds of times while it waits.
    var spinsAllowed: Int { ownRunsAllowed + 2 * min(begun, tasksAllowed) }

    /// In a hold, the wakes from outside handed over in no task (`byAnEnd`) forgiven: one for each
    /// task it began (at most `tasksAllowed`), that task's end. A child that calls a
    /// main-actor function ends there and wakes its parent from the main actor: in 29, a buyer that
    /// logged through `async let logged: Void = logSale("asked")` was told it was woken from outside
    /// and looked again and again (helper 168). A callback or a thread that wakes the task begins no
    /// task; a chain of tasks that each look once begins more than four, or sleeps on the pool.
    var endsAllowed: Int { min(begun, tasksAllowed) }

    var stillWaiting: Bool { whatStirred == nil }

    /// After the event, the pool wakes of a task that awaited it and of a task that awaited that
    /// one: an answer that waits inside a task of its own (`await Task.detached { … }.value` around
    /// a continuation in 10 and 18; 22's handler's body in a `Task {}` it awaits) has that task
    /// woken once on the pool by the event itself, and its end wakes the watched call. Helper 170's
    /// audit found the three told they slept and looked. Forgiven only where no timer of the
    /// answer's handed a wake over: a task that sleeps through the event (armed before it or after)
    /// is woken by its timer, and 18's and 22's catalogued sleepers in a task of their own are
    /// refused for it. A loop that yields or looks again is woken more often than this.
    static let poolWakesOfAnAwait = 2

    /// The pool wakes judged: all of them, but none of a few where the answer's timers are seen and
    /// none of them woke a task (see `poolWakesOfAnAwait`).
    var pooledJudged: Int { byTheAnswersTimers == 0 && pooled <= Self.poolWakesOfAnAwait ? 0 : pooled }

    /// More tasks than this begun while it waits is a chain of them.
    static let tasksBegunAsItStarts = 4

    /// The tasks it may begin, each allowed two runs of its own and its end: `tasksBegunAsItStarts`,
    /// unless the check allows one for each event it waits out (21: a group that hashes each photo in
    /// a child of its own awaits every child, and was told, by 15 photos' children, that it ran 19
    /// times and looked again and again; an audit's, helper 175).
    var tasksAllowed = Self.tasksBegunAsItStarts

    /// What stirred it, in a few words, for a check that words its own advice; nil when still
    /// (a few spins of its own are allowed, see above).
    var whatStirred: String? {
        if timers > 0 {
            return "it was woken \(counted(timers, "time")) from outside it (a timer, or code on another actor or thread)"
        }
        if spins > spinsAllowed {
            return "it ran \(spins) times (Task.yield() in a loop, or another task of yours waking it again and again?)"
        }
        if pooledJudged > 0 { return "tasks of your code were woken \(counted(pooled, "time")) on the thread pool" }
        if begun > tasksAllowed { return "your code began \(begun) tasks" }
        if computed { return "your code used \(cpu.humanReadable) of CPU\(wantedNote)" }
        return nil
    }

    /// Why it was not still while `what` was going, for the student; nil when it was.
    func problem(while what: String, awaiting: String) -> String? {
        if timers > 0 {
            // "Outside": a timer the task set, or a job another actor or thread handed it. Which one
            // the watch cannot tell (a Task.yield() loop on the main actor hands it thousands).
            return
                "while \(what), the task was woken \(counted(timers, "time")) from outside it: by a timer (it slept, then looked) or by code on another actor or thread (a loop there?); await \(awaiting), which nothing wakes early"
        }
        if spins > spinsAllowed {
            return
                "while \(what), the task ran \(spins) times (Task.yield() in a loop, or another task of yours waking it again and again?): await \(awaiting)"
        }
        if pooledJudged > 0 {
            return
                "while \(what), tasks of your code were woken \(counted(pooled, "time")) on the thread pool (a task of its own that sleeps and looks again, or yields in a loop?): await \(awaiting), which nothing wakes early"
        }
        if begun > tasksAllowed {
            return
                "while \(what), your code began \(begun) tasks (a chain of tasks, each looking once and starting the next?): await \(awaiting), which nothing wakes early"
        }
        if computed {
            return
                "while \(what), your code used \(cpu.humanReadable) of CPU in \(lasted.humanReadable)\(wantedNote) (work of its own around the wait, or a loop that looks again and again?): do nothing else in the call; await \(awaiting), which costs nothing while it waits"
        }
        return nil
    }
}
