import Foundation
import LabScenarios
@testable import StudentCode

let plannedExpectations = 6

/// The actor `buttonTapped` runs on, as its function value carries it (SE-0431): the view is to
/// stay on the main actor (an audit's answer made it nonisolated, and the Task it starts left
/// the main actor with it).
@MainActor
func isolation(of tap: @isolated(any) () -> Task<Void, Never>) -> (any Actor)? { tap.isolation }

@MainActor
func runCheck(_ report: CheckReport) async {
    // A joke of this run's own: an answer that shows a joke it made up (an audit's hard-coded one)
    // does not show this one.
    let told = "Chuck Norris awaited \(CheckServices.random(in: 2...999_999)) tasks at once, and they all finished first."
    let backend = HeldTransport(
        inner: SimulatedTransport(behavior: CheckServices.behavior()) { _, _ in
            try JSONSerialization.data(withJSONObject: ["value": told, "id": "joke-0"])
        })
    let service = JokeService(client: JokeClient(transport: backend))
    let view = JokeView(service: service)
    report.expect(
        isolation(of: view.buttonTapped) === MainActor.shared, "the view is still on the main actor",
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
    // A fetch whose backend fails: the spinner goes off on that path too (an answer that set
    // isFetching back only after a joke came passed while no fetch failed).
    report.waiting("a joke fetched from a backend that fails")
    let failing = JokeService(client: JokeClient(transport: SimulatedTransport(
        behavior: CheckServices.behavior(failures: FailureInjection(rate: 1))) { _, _ in Data() }))
    await JokeView(service: failing).buttonTapped().value
    let settledBy = ContinuousClock.now + .seconds(1)
    while failing.isFetching && ContinuousClock.now < settledBy { try? await Task.sleep(for: .milliseconds(5)) }
    report.expect(!failing.isFetching, "after a fetch that failed, isFetching is false again",
                  otherwise: "after a fetch whose backend failed, isFetching was still true 1 s after the button's task ended: set it back to false on every path, a failure's too (defer does)")
}
