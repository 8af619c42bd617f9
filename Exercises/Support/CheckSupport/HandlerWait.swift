import LabCore
import LabScenarios

/// What `handlerWaitVerdict` found: a wait of the answer's own, or lateness alone.
struct HandlerWaitVerdict: Sendable {
    /// What the call did that a call waiting for the handler does not; nil when it waited.
    var problem: String?
    /// How late it returned, where that is all that is wrong.
    var late: String?
    /// The longest a round's call took from the handler's call to its return, and the most wakes
    /// handed over by callbacks or task ends in a round meanwhile: what a passing verdict says,
    /// measured, rather than "at once" (an answer that waited on one call of a store of its own
    /// after the handler, a wake the bound forgives, was told it waited no more: helper 187).
    var slowest: Duration = .zero
    var mostHandOvers = 0

    /// The rounds after the handler, in words for a passing verdict that has said the handler was
    /// called: "it returned at most 0.1 ms later, woken once, by a callback or a task's end".
    /// `ended`: what the call did, "returned" or "returned or threw".
    func afterTheHandler(ended: String = "returned") -> String {
        let woken =
            switch mostHandOvers {
            case 0: ""
            case 1: ", woken once, by a callback or a task's end"
            default: ", woken at most \(mostHandOvers) times by callbacks or tasks that ended"
            }
        return "it \(ended) at most \(slowest.humanReadable) later\(woken)"
    }

    /// Both rounds of several verdicts (18 watches three paths) as one.
    func merged(with other: HandlerWaitVerdict) -> HandlerWaitVerdict {
        HandlerWaitVerdict(
            problem: problem ?? other.problem, late: late ?? other.late, slowest: max(slowest, other.slowest),
            mostHandOvers: max(mostHandOvers, other.mostHandOvers))
    }
}

/// CPU the process may use from the handler's call to the call's return while the answer only
/// resumes and returns (the resume, a hop back, a few tasks begun: well under 1 ms, on one CPU
/// beside a busy process too; a stall adds none). A loop that waits uses its share of a CPU: 250
/// ms of waiting used 250 ms quietly, half that beside a busy process on one CPU, about 16 ms
/// beside fifteen.
let cpuOfAResume = Duration.milliseconds(4)

/// Wakes from outside that a callback or a task's end hands the call after the handler's call,
/// where it only resumes and returns: the resume (1), and an async let's child ending (2).
let handOversOfAResume = 3

/// Whether a call that waits on a store's completion handler waits for it, and returns as it comes
/// (17, 18). Twice, the watch holds still 200 ms and then 550 ms while the store works, its answer
/// kept back (`HeldAnswers`): a caller that waits is woken by nothing. Then the check lets the
/// answer go, from a thread of its own, and watches the call until it returns (as 10 does): a
/// caller that resumes from the handler is woken by the resume alone; one that waits after the
/// handler before it returns (a sleep, a task that sleeps, a busy wait, a loop of yields) is woken
/// by a timer, wakes a task on the pool, runs again and again or uses CPU, however long it waits,
/// and is refused for it. A call that is late with none of these (300 ms or more after the
/// handler: a stall's, or a wait the watch cannot see) is late by the clock alone
/// (`CheckReport.expectInTime`). Before, lateness alone judged the time after the handler, and a
/// sleep of up to 300 ms there passed (an audit's, session 50). `operation` names the store's
/// answer to keep back; `wrong` judges each round's result (nil: right).
func handlerWaitVerdict<T: Sendable>(
    _ still: StillnessWatch, while what: String, awaiting: String, keeping operation: String,
    store makeStore: (ServiceBehavior, HeldAnswers) async -> CaffeineHealthStore,
    call: @escaping @Sendable (CaffeineHealthStore) async -> T,
    wrong: (T) -> String?
) async -> HandlerWaitVerdict {
    var late: String? = nil
    var slowest = Duration.zero
    var mostHandOvers = 0
    for hold in [Duration.milliseconds(200), .milliseconds(550)] {
        let held = HeldAnswers(operation)
        let store = await makeStore(CheckServices.behavior(latency: .fixed(1)), held)
        // The handler comes 30 ms after the hold at the earliest, as the store's latency once made it.
        let earliest = ContinuousClock.now + hold + .milliseconds(30)
        let (outcome, stirrings, afterwards) = await still.holdThenLetGo(
            hold, from: nil, letGo: { held.letGo(notBefore: earliest) }
        ) { () -> (T, ContinuousClock.Instant, Double) in
            let result = await call(store)
            return (result, ContinuousClock.now, processCPUSeconds())
        }
        let during = "\(what) (in a hold of \(hold.humanReadable))"
        if let problem = stirrings.problem(while: during, awaiting: awaiting) { return HandlerWaitVerdict(problem: problem) }
        let (result, returned, cpuAtReturn) = outcome
        if let problem = wrong(result) { return HandlerWaitVerdict(problem: problem) }
        guard let called = held.handlerCalled else {
            return HandlerWaitVerdict(problem: "while \(during), the call returned before the completion handler was called: await \(awaiting)")
        }
        let after = "after the completion handler was called (after a hold of \(hold.humanReadable)) and before the call returned"
        let advice = "the call waited (or looked again) once the answer was there; resume the continuation from the handler, and return as it resumes"
        // Only what woke the task, on its watch or on the pool: tasks the handler begins (a log, a
        // hop onto an actor that resumes) are an answer to the handler, not a wait.
        if let stirred = Stirrings(
            timers: afterwards.timers, spins: afterwards.spins, pooled: afterwards.pooled,
            byTheAnswersTimers: afterwards.byTheAnswersTimers
        ).whatStirred {
            return HandlerWaitVerdict(problem: "\(after), \(stirred): \(advice)")
        }
        // The handler's resume is one wake handed over so; an async let's end another. A chain of
        // callbacks or task ends the answer waits on in turn (a store's other calls used as a
        // timer) is a wait of its own.
        if afterwards.byAnEnd > handOversOfAResume {
            return HandlerWaitVerdict(
                problem: "\(after), it was woken \(afterwards.byAnEnd) times by callbacks or by tasks that ended (calls of its own it waited on in turn?): \(advice)")
        }
        let cpu = Duration.seconds(max(0, cpuAtReturn - called.cpu))
        let lasted = called.at.duration(to: returned)
        slowest = max(slowest, lasted)
        mostHandOvers = max(mostHandOvers, afterwards.byAnEnd)
        if cpu >= cpuOfAResume {
            return HandlerWaitVerdict(
                problem: "\(after), your code used \(cpu.humanReadable) of CPU in \(lasted.humanReadable) (a loop that waited?): \(advice)")
        }
        if lasted >= .milliseconds(300) {
            late =
                late
                ?? "it returned \(lasted.humanReadable) after the completion handler was called, with nothing seen waking it or running meanwhile (a stalled machine, or a wait out of the watch's sight): await \(awaiting), and resume it from the handler at once"
        }
    }
    return HandlerWaitVerdict(late: late, slowest: slowest, mostHandOvers: mostHandOvers)
}
