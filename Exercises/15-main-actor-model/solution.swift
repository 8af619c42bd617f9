import LabScenarios

// Exercise 15 · solution: the model lives on the main actor with its view.

@MainActor
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
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
