// alternative: the request in a @concurrent static function, its result set on the main actor
import LabScenarios

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
        joke = await Self.requestJoke(from: client) ?? "No joke today"
    }

    // The request and its decoding off the main actor; only the result comes back to it.
    @concurrent
    nonisolated private static func requestJoke(from client: JokeClient) async -> String? {
        try? await client.randomJoke().value
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
