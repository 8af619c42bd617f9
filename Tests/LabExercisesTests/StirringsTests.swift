import Testing

/// The watch's verdict on what stirred an answer (`Exercises/Support/CheckSupport/Stirrings.swift`,
/// compiled into this target through a link), from figures: after the event, a task of the answer's
/// that awaited it (and one that awaited that task) is woken on the pool by the event itself, which
/// is forgiven only where the channel saw that no timer of the answer's handed a wake over.
@Suite("What stirred an answer: the pool wakes of an await, told from a timer's")
struct StirringsTests {
    /// 18's `await Task.detached { … continuation … }.value`, 22's handler body in a `Task {}` awaited.
    @Test func afterTheEventAnAwaitsPoolWakesWithNoTimerAreStill() {
        for pooled in 1...Stirrings.poolWakesOfAnAwait {
            let awaited = Stirrings(pooled: pooled, byTheAnswersTimers: 0)
            expect(awaited.whatStirred == nil, "\(pooled): \(awaited.whatStirred ?? "")")
            expect(awaited.problem(while: "it waited", awaiting: "the event") == nil)
        }
    }

    /// A task that slept through the event is woken by its timer: refused, however few its wakes.
    @Test func aWakeATimerOfTheAnswersHandedOverIsRefused() {
        let slept = Stirrings(pooled: 1, byTheAnswersTimers: 1)
        expectEqual(slept.whatStirred, "tasks of your code were woken 1 time on the thread pool")
        let problem = slept.problem(while: "it waited", awaiting: "the event")
        expect(problem?.contains("woken 1 time on the thread pool") == true, problem ?? "")
    }

    /// More wakes than an await's, with no timer (a loop that yields in a task of its own), are
    /// refused, all of them named.
    @Test func moreWakesThanAnAwaitsAreRefused() {
        let yielded = Stirrings(pooled: Stirrings.poolWakesOfAnAwait + 1, byTheAnswersTimers: 0)
        expectEqual(
            yielded.whatStirred,
            "tasks of your code were woken \(Stirrings.poolWakesOfAnAwait + 1) times on the thread pool")
    }

    /// In a hold, and where the answer's timers are not seen (macOS), nothing is forgiven: nil.
    @Test func withoutTheTimersSeenEveryPoolWakeCounts() {
        let held = Stirrings(pooled: 1)
        expectEqual(held.pooledJudged, 1)
        expectEqual(held.whatStirred, "tasks of your code were woken 1 time on the thread pool")
    }
}
