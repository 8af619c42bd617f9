import LabCore
import LabScenarios

/// Whether a call that waits on a store's completion handler waits for it (17, 18): twice, the
/// watch holds still 200 ms and then 550 ms while the store works, and the handler comes 30 ms
/// after each hold ends. A caller that waits is woken by nothing and returns as the handler
/// comes; one that sleeps P ms and looks again wakes inside a hold (P < 550) or returns 320 ms or
/// more after the handler (P ≥ 550, the first handler coming at 230 ms), so 300 ms is the bound:
/// the most a busy machine may take to run a correct caller, short of the slowest looker by 20 ms
/// (250 left a correct one 250 ms; a check beside CPU hogs saw frame gaps of 211 ms). As 13
/// judges its cache. Nil when it waited, else the problem; `wrong` judges each round's result
/// (nil: right).
func handlerWaitProblem<T: Sendable>(
    _ still: StillnessWatch, while what: String, awaiting: String,
    store makeStore: (ServiceBehavior) async -> CaffeineHealthStore,
    call: @escaping @Sendable (CaffeineHealthStore) async -> T,
    wrong: (T) -> String?
) async -> String? {
    for hold in [Duration.milliseconds(200), .milliseconds(550)] {
        let latency = hold + .milliseconds(30)
        let store = await makeStore(
            CheckServices.behavior(latency: .fixed(CheckServices.scale.sourceSeconds(of: latency))))
        let start = ContinuousClock.now
        let (task, stirrings) = await still.hold(hold) { (await call(store), ContinuousClock.now) }
        if let problem = stirrings.problem(while: "\(what) (in a hold of \(hold.humanReadable))", awaiting: awaiting) {
            return problem
        }
        guard let (result, returned) = await within(.seconds(3), { await task.value }) else {
            return "the call did not return within 3 s of the store's answer"
        }
        if let problem = wrong(result) { return problem }
        let late = returned - (start + latency)
        if late >= .milliseconds(300) {
            return
                "it returned \(late.humanReadable) after the completion handler was called: it slept, then looked; await \(awaiting)"
        }
    }
    return nil
}
