// alternative: the main-actor service is a subclass with an initializer of its own
import LabScenarios

/// A base for the app's models: nothing isolated about it.
class ModelBase {
    let created = ContinuousClock.now
}

@MainActor
final class JokeService: ModelBase {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
        super.init()
    }

    func fetchJoke() async {
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
