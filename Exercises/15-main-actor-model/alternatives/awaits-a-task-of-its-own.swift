// alternative: the request in an unstructured task that fetchJoke awaits on the main actor
import LabScenarios

@MainActor
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
    }

    // The request runs in a task of its own, awaited here: the state changes only on the main actor.
    func fetchJoke() async {
        isFetching = true
        defer { isFetching = false }
        let client = self.client
        let request = Task { try await client.randomJoke().value }
        joke = (try? await request.value) ?? "No joke today"
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
