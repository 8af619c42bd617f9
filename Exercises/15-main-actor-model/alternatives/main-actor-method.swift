// alternative: only fetchJoke() is on the main actor; the class is not Sendable, so it never leaves it
import LabScenarios

// Exercise 15 · main-actor · Make it compile: the joke app's model
//
// In the Kodeco joke app, JokeService holds what the view shows (joke, isFetching),
// and the view calls fetchJoke() from a Task. The view is on the main actor; the
// service is a plain class, so its fetchJoke() would run elsewhere and change state
// the view reads. Swift 6 refuses to send it there.
//
// TODO: make it compile the way the tutorial does, so the service's state is only
// ever touched on the main actor. (Do not make the view stop being @MainActor.)

final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
    }

    @MainActor func fetchJoke() async {
        isFetching = true
        defer { isFetching = false }
        joke = (try? await client.randomJoke().value) ?? "No joke today"
    }
}

@MainActor
final class JokeView {
    let service: JokeService

    init(service: JokeService) {
        self.service = service
    }

    func buttonTapped() -> Task<Void, Never> {
        Task { await service.fetchJoke() }
    }
}
