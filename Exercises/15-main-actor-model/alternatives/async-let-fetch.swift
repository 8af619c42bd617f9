// alternative: the fetch bound with async let, awaited on the main actor
import LabScenarios

@MainActor
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient
    init(client: JokeClient) { self.client = client }
    func fetchJoke() async {
        isFetching = true
        async let fetched = client.randomJoke()
        joke = (try? await fetched.value) ?? "No joke today"
        isFetching = false
    }
}

@MainActor
final class JokeView {
    let service: JokeService
    init(service: JokeService) { self.service = service }
    func buttonTapped() -> Task<Void, Never> { Task { await service.fetchJoke() } }
}
