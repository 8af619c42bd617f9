// alternative: the service is on the main actor because it adopts a @MainActor protocol of its own
import LabScenarios

@MainActor
protocol ShownByAView: AnyObject {
    var joke: String { get }
    var isFetching: Bool { get }
}

final class JokeService: ShownByAView {
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
