// mistake: makes it compile by not fetching at all
// expect: the joke was not fetched
import LabScenarios

@MainActor
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    let client: JokeClient
    init(client: JokeClient) { self.client = client }
    func fetchJoke() async {}
}

@MainActor
final class JokeView {
    let service: JokeService
    init(service: JokeService) { self.service = service }
    func buttonTapped() -> Task<Void, Never> { Task { await service.fetchJoke() } }
}
