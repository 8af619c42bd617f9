// alternative: a do/catch instead of try?, the spinner turned off after either path
import LabScenarios

@MainActor
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
    }

    // A failure says so, and the spinner goes off on both paths.
    func fetchJoke() async {
        isFetching = true
        do {
            joke = try await client.randomJoke().value
        } catch {
            joke = "No joke today"
        }
        isFetching = false
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
