// No given code for this exercise.

// MARK: - The answer's face
import LabScenarios

/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    let makeService: @MainActor (JokeClient) -> AnswerServiceHandle
}

/// A `JokeService` the adaptor made: its `joke` and `isFetching`, read on the main actor, and a
/// `JokeView` of it.
struct AnswerServiceHandle {
    let joke: @MainActor () -> AnswerJoke
    let isFetching: @MainActor () -> Bool
    let makeView: @MainActor () -> AnswerViewHandle
}

/// A `JokeView`: its `buttonTapped()`, called on the main actor, and the actor that function
/// value carries (SE-0431), as the check reads it.
struct AnswerViewHandle {
    let buttonTapped: @MainActor () -> Task<Void, Never>
    let buttonTappedIsolation: @MainActor () -> (any Actor)?
}

/// The service's `joke`, whatever its type: compared with a text, or with the joke read another
/// time, and shown, as the answer's own type compares and shows it.
struct AnswerJoke: Equatable, CustomStringConvertible {
    let description: String
    private let value: Any
    private let equalsText: (String) -> Bool
    private let differsFromText: (String) -> Bool
    private let differsFrom: (Any) -> Bool

    init<Joke>(
        _ joke: Joke, description: String, equalsText: @escaping (String) -> Bool,
        differsFromText: @escaping (String) -> Bool, differs: @escaping (Joke, Joke) -> Bool
    ) {
        self.description = description
        value = joke
        self.equalsText = equalsText
        self.differsFromText = differsFromText
        differsFrom = { ($0 as? Joke).map { differs(joke, $0) } ?? true }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { !lhs.differsFrom(rhs.value) }
    static func != (lhs: Self, rhs: Self) -> Bool { lhs.differsFrom(rhs.value) }
    static func == (lhs: Self, rhs: String) -> Bool { lhs.equalsText(rhs) }
    static func != (lhs: Self, rhs: String) -> Bool { lhs.differsFromText(rhs) }
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(makeService: {
        let service = JokeService(client: $0)
        return AnswerServiceHandle(
            joke: {
                let joke = service.joke
                return AnswerJoke(
                    joke, description: "\(joke)", equalsText: { joke == $0 }, differsFromText: { joke != $0 },
                    differs: { $0 != $1 })
            },
            isFetching: { service.isFetching },
            makeView: {
                let view = JokeView(service: service)
                return AnswerViewHandle(
                    buttonTapped: { view.buttonTapped() },
                    buttonTappedIsolation: { { (tap: @isolated(any) () -> Task<Void, Never>) in tap.isolation }(view.buttonTapped) })
            })
    })
}

// MARK: - The check
import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 8

/// The answer's `JokeService`, made and read through the face on the main actor.
@MainActor
final class JokeService {
    fileprivate let handle: AnswerServiceHandle
    var joke: AnswerJoke { handle.joke() }
    var isFetching: Bool { handle.isFetching() }

    init(client: JokeClient) { handle = labAdaptor().makeService(client) }
}

/// The answer's `JokeView` of a service, made and tapped through the face on the main actor.
@MainActor
final class JokeView {
    fileprivate let handle: AnswerViewHandle

    init(service: JokeService) { handle = service.handle.makeView() }

    func buttonTapped() -> Task<Void, Never> { handle.buttonTapped() }
}

/// The actor `buttonTapped` runs on, as its function value carries it (SE-0431): the view is to
/// stay on the main actor (an audit's answer made it nonisolated, and the Task it starts left
/// the main actor with it). Read by the adaptor, which converts the answer's function value.
@MainActor
func isolation(of view: JokeView) -> (any Actor)? { view.handle.buttonTappedIsolation() }

@MainActor
func runCheck(_ report: CheckReport) async {
    // A joke of this run's own: an answer that shows a joke it made up (an audit's hard-coded one)
    // does not show this one.
    let told = "Chuck Norris awaited \(CheckServices.random(in: 2...999_999)) tasks at once, and they all finished first."
    let toldAgain = "Chuck Norris cancelled \(CheckServices.random(in: 2...999_999)) tasks, and each one thanked him."
    // The joke the backend sends now: the first tap's, then the second's.
    let sending = Locked(told)
    let inner = SimulatedTransport(behavior: CheckServices.behavior()) { _, _ in
        try JSONSerialization.data(withJSONObject: ["value": sending.withLock { $0 }, "id": "joke-0"])
    }
    let backend = HeldTransport(inner: inner)
    let backendAgain = HeldTransport(inner: inner)
    let tapped = TapBackend(inner: inner, held: backend)
    let service = JokeService(client: JokeClient(transport: tapped))
    let view = JokeView(service: service)
    report.expect(
        isolation(of: view) === MainActor.shared, "the view is still on the main actor",
        otherwise: "the view's buttonTapped() no longer runs on the main actor: keep JokeView @MainActor")
    report.waiting("the joke fetched by the button")
    let task = view.buttonTapped()
    // Held from the tap: a service on the main actor cannot even begin until the hold ends; one
    // that sets its state elsewhere (LabCore's gauge, left after a hop: an audit's) sets it now.
    let changedAtTheTap = changesWhileTheMainActorIsHeld(for: .milliseconds(200)) {
        service.isFetching || service.joke != "Joke appears here"
    }
    // Asked, or done without asking (an answer that never fetches): either way the check goes on.
    let asking = Task { await task.value; backend.asked.open() }
    await backend.asked.wait()
    // The joke comes back while the main actor is held: a service on the main actor cannot take
    // it until the hold ends; one whose state is changed elsewhere (a Mutex, an atomic, a class
    // of its own isolation) changes it meanwhile.
    let before = (joke: service.joke, isFetching: service.isFetching)
    backend.reply.open()
    let changedElsewhere = changesWhileTheMainActorIsHeld(for: .milliseconds(300)) {
        service.joke != before.joke || service.isFetching != before.isFetching
    }
    report.expect(
        !changedElsewhere && !changedAtTheTap,
        "the service's state changed only on the main actor (none of it while the main actor was held: 200 ms from the tap, 300 ms as the reply came)",
        otherwise: changedAtTheTap
            ? "the service's state changed while the main actor was held just after the tap (isFetching \(service.isFetching)): it is touched off the main actor; put the service on the main actor, as the tutorial does"
            : "the service's state changed while the main actor was busy elsewhere (joke \"\(before.joke)\" → "
            + "\"\(service.joke)\", isFetching \(before.isFetching) → \(service.isFetching)): it is touched off the main actor; "
            + "put the service on the main actor, as the tutorial does")
    await task.value
    await asking.value
    let joke = service.joke
    let fetchingAtTheEnd = service.isFetching
    // What came after the button's task had ended (a fetch in a task of fetchJoke's own that it
    // did not await: an audit's was told the joke was never fetched).
    // Looked at here, on the main actor, where the service's state lives.
    let lookedUntil = ContinuousClock.now + .seconds(1)
    while (joke != told || fetchingAtTheEnd) && !(service.joke == told && !service.isFetching)
        && ContinuousClock.now < lookedUntil
    {
        try? await Task.sleep(for: .milliseconds(5))
    }
    let late = (joke != told || fetchingAtTheEnd) && service.joke == told && !service.isFetching
    let returnedEarly = "the button's task ended before the joke came: fetchJoke returned before its fetch did (a task of its own?); await the fetch in fetchJoke"
    report.expect(joke == told, "the view shows the joke the backend sent: \(joke)",
                  otherwise: late && service.joke == told ? "\(returnedEarly) (the view showed \"\(joke)\" then)"
                      : joke == "Joke appears here" || joke == "No joke today"
                      ? "the joke was not fetched: \(joke)"
                      : "the view shows \"\(joke)\", not the joke the backend sent (\"\(told)\"): show what the client returns")
    // The spinner: on while the backend was asked (an answer that never set it passed).
    report.expect(before.isFetching, "isFetching was true while the joke was being fetched",
                  otherwise: "isFetching was still false while the backend was being asked: set it to true before fetching")
    report.expect(!fetchingAtTheEnd, "isFetching is false again",
                  otherwise: late && !service.isFetching ? "isFetching was still true when the button's task ended (it turned false later, after fetchJoke had returned)"
                      : "isFetching stayed true")
    // A second tap on the same service, its reply held as the first one's: a new joke, fetched with
    // the spinner on, one request a tap. One tap passed answers that keep the first joke and never
    // ask again, fetch it ahead in init (the tap then awaits that one request), ask twice a tap, or
    // set isFetching only for the first joke (an audit's).
    let firstTapRequests = tapped.requests
    report.waiting("the joke fetched by a second tap")
    sending.withLock { $0 = toldAgain }
    tapped.arm(backendAgain)
    let second = view.buttonTapped()
    let askedAgain = Task {
        await second.value
        backendAgain.asked.open()
    }
    await backendAgain.asked.wait()
    let fetchingTheSecond = service.isFetching
    backendAgain.reply.open()
    await second.value
    await askedAgain.value
    let secondTapRequests = tapped.requests - firstTapRequests
    let requestNote =
        firstTapRequests > 1
        ? " (more than one request for a tap: a request ahead of the real one, or one in init?)"
        : secondTapRequests == 0 ? " (the second tap asked nothing: a joke kept or fetched ahead, in init?)" : ""
    report.expect(
        firstTapRequests == 1 && secondTapRequests == 1, "the backend was asked once for each of two taps",
        otherwise: "the backend was asked \(counted(firstTapRequests, "time")) by the end of the first tap's task and "
            + "\(counted(secondTapRequests, "time")) for the second tap\(requestNote): ask it once each time the button "
            + "is tapped")
    let secondJoke = service.joke
    let secondProblem =
        secondJoke != toldAgain
        ? "after a second tap the view shows \"\(secondJoke)\", not the new joke the backend sent "
            + "(\"\(toldAgain)\"): fetch and show a joke each time the button is tapped"
        : !fetchingTheSecond
            ? "isFetching was still false while the second tap's joke was being fetched: set it to true before "
                + "every fetch, not only the first"
            : "isFetching was still true when the second tap's task ended"
    report.expect(
        secondJoke == toldAgain && fetchingTheSecond && !service.isFetching,
        "a second tap showed the new joke the backend sent, isFetching true while it was fetched and false again",
        otherwise: secondProblem)
    // A fetch whose backend fails: the spinner goes off on that path too (an answer that set
    // isFetching back only after a joke came passed while no fetch failed).
    report.waiting("a joke fetched from a backend that fails")
    let failing = JokeService(client: JokeClient(transport: SimulatedTransport(
        behavior: CheckServices.behavior(failures: FailureInjection(rate: 1))) { _, _ in Data() }))
    await JokeView(service: failing).buttonTapped().value
    // Judged when the button's task ends, as the joke's path is: a spinner turned off by a task of
    // its own 700 ms after a failure passed the 1 s this once waited for (an audit's). The wait
    // now only says which it was.
    let fetchingWhenItEnded = failing.isFetching
    let settledBy = ContinuousClock.now + .seconds(1)
    while failing.isFetching && ContinuousClock.now < settledBy { try? await Task.sleep(for: .milliseconds(5)) }
    let failureProblem =
        failing.isFetching
        ? "after a fetch whose backend failed, isFetching was still true 1 s after the button's task ended: set it "
            + "back to false on every path, a failure's too (defer does)"
        : "after a fetch whose backend failed, isFetching was still true when the button's task ended (it turned "
            + "false later, after fetchJoke had returned): set it back to false before fetchJoke returns, on a "
            + "failure's path too (defer does)"
    report.expect(
        !fetchingWhenItEnded, "after a fetch that failed, isFetching is false again", otherwise: failureProblem)
}

/// The service's backend: counts its requests, and holds the reply of the first one made after the
/// check arms it (`held`), so a tap's fetch can be watched; any other request goes straight through.
final class TapBackend: Transport, Sendable {
    private let inner: any Transport
    private let state: Locked<(armed: HeldTransport?, requests: Int)>

    init(inner: any Transport, held: HeldTransport) {
        self.inner = inner
        state = Locked((armed: held, requests: 0))
    }

    /// Every request made so far.
    var requests: Int { state.withLock { $0.requests } }

    /// The next request waits at `held`.
    func arm(_ held: HeldTransport) { state.withLock { $0.armed = held } }

    func data(for request: ServiceRequest) async throws -> Data {
        let held = state.withLock { state in
            state.requests += 1
            defer { state.armed = nil }
            return state.armed
        }
        return try await (held ?? inner).data(for: request)
    }
}
