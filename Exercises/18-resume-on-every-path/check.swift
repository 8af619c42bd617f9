import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // The failing store first: an answer that resumes twice on that path crashes in the
    // store's callback, and the rest of the check gives the crash time to land.
    // Its error is of this run's choosing: the one thrown must be the store's, not one made up.
    let kinds: [ServiceError] = [.timedOut, .rateLimited, .unavailable, .badResponse("truncated")]
    let injected = kinds[CheckServices.random(in: 0...(kinds.count - 1))]
    let failing = CaffeineHealthStore(
        behavior: CheckServices.behavior(latency: .fixed(1), failures: FailureInjection(rate: 1, error: injected)))
    report.waiting("requestAccess from a failing store (it must throw, not wait forever)")
    do {
        _ = try await requestAccess(to: failing)
        report.fail("requestAccess returned for a failing store; it should throw")
    } catch let error as HealthStoreError where error == .injected(injected) {
        report.pass("a failing store's error was thrown: \(error)")
    } catch {
        report.fail("requestAccess threw \(error), not the failing store's error (\(HealthStoreError.injected(injected))): resume with the error the completion handler reports")
    }
    report.expect(failing.meter.stats.callsByKey["requestAuthorization"] == 1, "the failing store was asked once",
                  otherwise: "the failing store was asked \(failing.meter.stats.callsByKey["requestAuthorization"] ?? 0) times, not once")
    // A store whose user says yes and one whose user says no, in a random order: the answer
    // is the store's, not a constant.
    var answers: [String] = []
    var right = true
    for grants in [true, false].shuffled() {
        let store = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)), grantsAuthorization: grants)
        report.waiting("requestAccess from a store whose user says \(grants ? "yes" : "no")")
        let result: String
        do { result = "\(try await requestAccess(to: store))" } catch { result = "threw \(error)" }
        let asked = store.meter.stats.callsByKey["requestAuthorization"] ?? 0
        answers.append("a user who says \(grants ? "yes" : "no"): \(result), asked \(counted(asked, "time"))")
        if result != "\(grants)" || asked != 1 { right = false }
    }
    report.expect(right, "each store's own answer came back, asked once: \(answers.joined(separator: "; "))",
                  otherwise: "requestAccess must return what the store answers, asking it once: \(answers.joined(separator: "; "))")

    // Cancelled while the user is still answering (see cancelledWhileWaiting): whatever it answers,
    // the call returns, and its continuation is resumed once (a second resume crashes as the user
    // answers, during the holds below).
    let slowUser = CaffeineHealthStore(
        behavior: CheckServices.behavior(latency: .fixed(CheckServices.scale.sourceSeconds(of: .milliseconds(150)))))
    report.waiting("requestAccess cancelled while the store's user answers")
    let cancelled = await cancelledWhileWaiting(began: { (slowUser.meter.stats.callsByKey["requestAuthorization"] ?? 0) > 0 }) {
        try await requestAccess(to: slowUser)
    }
    report.expect(cancelled != nil, "cancelled while the user answered, requestAccess \(cancelled.map(cancelledCallOutcome) ?? "")",
                  otherwise: "cancelled while the user answered, requestAccess did not return within 3 s: resume the continuation exactly once, whichever comes first, the store's answer or the cancellation (or leave cancellation to the store's answer)")

    // A store whose user is slow to answer, held still twice, the answer let go by the check (see
    // handlerWaitVerdict): a caller that waits for the completion handler is woken by nothing, and
    // returns as it comes; one that sleeps and looks for the answer, or waits again once the
    // handler has come, is woken, runs, or uses CPU.
    report.waiting("requestAccess from a store whose user's answer is kept 200 ms, then 550 ms")
    let verdict = await handlerWaitVerdict(
        still, while: "the store waited for its user",
        awaiting: "the completion handler (resume a checked continuation from it)",
        keeping: "requestAuthorization",
        store: { behavior, held in CaffeineHealthStore(behavior: behavior, handOver: held.handOver) },
        call: { try? await requestAccess(to: $0) },
        wrong: { $0 == true ? nil : "a slow store's user said yes, and requestAccess returned \($0.map(String.init) ?? "an error")" })
    let waited = "while the user answered, nothing woke the caller, and it returned as the completion handler came, waiting no more (held 200 ms, then 550 ms)"
    if let problem = verdict.problem {
        report.fail(problem)
    } else {
        report.expectInTime(verdict.late == nil, waited, otherwise: verdict.late ?? "")
    }
}
