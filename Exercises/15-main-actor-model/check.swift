import LabScenarios
@testable import StudentCode

let plannedExpectations = 4

/// The actor `buttonTapped` runs on, as its function value carries it (SE-0431): the view is to
/// stay on the main actor (an audit's answer made it nonisolated, and the Task it starts left
/// the main actor with it).
@MainActor
func isolation(of tap: @isolated(any) () -> Task<Void, Never>) -> (any Actor)? { tap.isolation }

@MainActor
func runCheck(_ report: CheckReport) async {
    let backend = HeldTransport(inner: JokeClient.simulated(CheckServices.behavior()).transport)
    let service = JokeService(client: JokeClient(transport: backend))
    let view = JokeView(service: service)
    report.expect(
        isolation(of: view.buttonTapped) === MainActor.shared, "the view is still on the main actor",
        otherwise: "the view's buttonTapped() no longer runs on the main actor: keep JokeView @MainActor")
    report.waiting("the joke fetched by the button")
    let task = view.buttonTapped()
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
        !changedElsewhere,
        "the service's state changed only on the main actor (none of it while the main actor was held 300 ms)",
        otherwise: "the service's state changed while the main actor was busy elsewhere (joke \"\(before.joke)\" → "
            + "\"\(service.joke)\", isFetching \(before.isFetching) → \(service.isFetching)): it is touched off the main actor; "
            + "put the service on the main actor, as the tutorial does")
    await task.value
    await asking.value
    let joke = service.joke
    report.expect(joke != "Joke appears here" && joke != "No joke today", "the view shows a joke: \(joke)",
                  otherwise: "the joke was not fetched: \(joke)")
    report.expect(!service.isFetching, "isFetching is false again", otherwise: "isFetching stayed true")
}
