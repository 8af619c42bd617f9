import LabScenarios

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let requestAccess: @Sendable (CaffeineHealthStore) async throws -> Bool
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(requestAccess: { try await requestAccess(to: $0) })
}

// MARK: - The check
import LabScenarios
@testable import StudentCode

let plannedExpectations = 5

/// The answer's function, called as the exercise declares it.
func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    try await labAdaptor().requestAccess(store)
}

/// How the answer used a store, every kind of call counted ("asked 1 time", "asked 1 time, and
/// anchoredQuery 1 time"), and whether it asked once and did nothing more: an answer that
/// confirmed a yes with a query of its own, a second trip to the store, passed while only
/// `requestAuthorization` was counted (helper 187's audit).
func everyCallOf(_ store: CaffeineHealthStore) -> (once: Bool, told: String) {
    let byKind = store.meter.stats.callsByKey
    let asked = byKind["requestAuthorization"] ?? 0
    let others = byKind.filter { $0.key != "requestAuthorization" && $0.value > 0 }.sorted { $0.key < $1.key }
    let told = "asked \(counted(asked, "time"))" + others.map { ", and \($0.key) \(counted($0.value, "time"))" }.joined()
    return (asked == 1 && others.isEmpty, told)
}

func runCheck(_ report: CheckReport) async {
    let still = await StillnessWatch()
    // The failing store first: an answer that resumes twice on that path crashes in the
    // store's callback, and the rest of the check gives the crash time to land.
    // Its error is of this run's choosing: the one thrown must be the store's, not one made up.
    // Every kind of failure, in a random order, each from a store of its own: an answer that asked
    // again after a timeout only, or mapped one kind to another, passed the runs that drew another
    // kind (an audit's retry on `.timedOut`, 3 runs in 4; helper 170).
    let kinds: [ServiceError] = [.timedOut, .rateLimited, .unavailable, .badResponse("truncated")].shuffled()
    let injected = kinds[0]
    var thrownRight: String? = nil
    var thrownWrong: String? = nil
    var askedWrong: String? = nil
    for kind in kinds where thrownWrong == nil && askedWrong == nil {
        let failing = CaffeineHealthStore(
            behavior: CheckServices.behavior(latency: .fixed(1), failures: FailureInjection(rate: 1, error: kind)))
        report.waiting("requestAccess from a store failing with \(kind) (it must throw, not wait forever)")
        do {
            let granted = try await requestAccess(to: failing)
            thrownWrong = "requestAccess returned \(granted) for a store failing with \(kind); it should throw"
        } catch let error as HealthStoreError where error == .injected(kind) {
            thrownRight = thrownRight ?? "\(error)"
        } catch {
            thrownWrong = "requestAccess threw \(error), not the failing store's error (\(HealthStoreError.injected(kind))): resume with the error the completion handler reports"
        }
        let calls = everyCallOf(failing)
        if !calls.once { askedWrong = "the store failing with \(kind) was \(calls.told), not asked once and nothing more" }
    }
    if let thrownWrong {
        report.fail(thrownWrong)
    } else {
        report.pass("each failing store's error was thrown (\(kinds.count) kinds, \(thrownRight ?? "") among them)")
    }
    report.expect(askedWrong == nil, "each failing store was asked once", otherwise: askedWrong ?? "")
    // A store whose user says yes and one whose user says no, in a random order: the answer
    // is the store's, not a constant.
    var answers: [String] = []
    var right = true
    for grants in [true, false].shuffled() {
        let store = CaffeineHealthStore(behavior: CheckServices.behavior(latency: .fixed(1)), grantsAuthorization: grants)
        report.waiting("requestAccess from a store whose user says \(grants ? "yes" : "no")")
        let result: String
        do { result = "\(try await requestAccess(to: store))" } catch { result = "threw \(error)" }
        let calls = everyCallOf(store)
        answers.append("a user who says \(grants ? "yes" : "no"): \(result), \(calls.told)")
        if result != "\(grants)" || !calls.once { right = false }
    }
    report.expect(right, "each store's own answer came back, asked once: \(answers.joined(separator: "; "))",
                  otherwise: "requestAccess must return what the store answers, asking it once and nothing more: \(answers.joined(separator: "; "))")

    // Cancelled while the user is still answering (see cancelledWhileWaiting): whatever it answers,
    // the call returns, and its continuation is resumed once (a second resume crashes as the user
    // answers, during the holds below).
    let slowUser = CaffeineHealthStore(
        behavior: CheckServices.behavior(latency: .fixed(CheckServices.scale.sourceSeconds(of: .milliseconds(150)))))
    report.waiting("requestAccess cancelled while the store's user answers")
    let cancelled = await cancelledWhileWaiting(began: { (slowUser.meter.stats.callsByKey["requestAuthorization"] ?? 0) > 0 }) {
        try await requestAccess(to: slowUser)
    }
    // Any outcome but a no: this store's user says yes, so a no is one the answer made up (a
    // cancellation handler that resumed with false, or a cancelled call that read the yes as a
    // no, passed: helper 187's audit). Throwing, or returning the store's yes, is right.
    if case .success(false)? = cancelled {
        report.fail(
            "cancelled while the user answered, requestAccess returned false, though this store's user says yes: a cancelled call throws (a CancellationError) or returns what the store answers, never a no of its own")
    } else {
        report.expect(cancelled != nil, "cancelled while the user answered, requestAccess \(cancelled.map(cancelledCallOutcome) ?? "")",
                      otherwise: "cancelled while the user answered, requestAccess did not return within 3 s: resume the continuation exactly once, whichever comes first, the store's answer or the cancellation (or leave cancellation to the store's answer)")
    }

    // A store whose user is slow to answer, held still twice, the answer let go by the check (see
    // handlerWaitVerdict): a caller that waits for the completion handler is woken by nothing, and
    // returns as it comes; one that sleeps and looks for the answer, or waits again once the
    // handler has come, is woken, runs, or uses CPU. Every path is watched so, a yes, a no and a
    // failure: a caller that resumed at once on a yes but slept 300 ms before it threw a failure or
    // returned a no, or left a failure in an actor it looked at every 20 ms, passed while only the
    // yes was watched (an audit's, helper 170).
    let paths: [(name: String, grants: Bool, fails: Bool)] = [
        ("whose user says yes", true, false), ("whose user says no", false, false), ("that fails", true, true),
    ]
    var watched = HandlerWaitVerdict()
    for path in paths where watched.problem == nil {
        report.waiting("requestAccess from a store \(path.name), its answer kept 200 ms, then 550 ms")
        let behavior = CheckServices.behavior(
            latency: .fixed(1), failures: FailureInjection(rate: path.fails ? 1 : 0, error: injected))
        let verdict = await handlerWaitVerdict(
            still, while: "a store \(path.name) waited for its user",
            awaiting: "the completion handler (resume a checked continuation from it)",
            keeping: "requestAuthorization",
            store: { _, held in CaffeineHealthStore(behavior: behavior, grantsAuthorization: path.grants, handOver: held.handOver) },
            call: { store -> Result<Bool, any Error> in
                do { return .success(try await requestAccess(to: store)) } catch { return .failure(error) }
            },
            wrong: { result -> String? in
                switch result {
                case .success(let granted) where !path.fails && granted == path.grants: return nil
                case .failure(let error as HealthStoreError) where path.fails && error == .injected(injected): return nil
                case .success(let granted): return "a slow store \(path.name), and requestAccess returned \(granted)"
                case .failure(let error): return "a slow store \(path.name), and requestAccess threw \(error)"
                }
            })
        watched = watched.merged(with: verdict)
    }
    // What it did after the handler, as measured: a wait the bounds forgive is said, not hidden.
    let waited = "while the user answered (yes, no, or the store failed; each held 200 ms, then 550 ms), nothing woke the caller; once the completion handler was called, \(watched.afterTheHandler(ended: "returned or threw"))"
    if let problem = watched.problem {
        report.fail(problem)
    } else {
        report.expectInTime(watched.late == nil, waited, otherwise: watched.late ?? "")
    }
}
