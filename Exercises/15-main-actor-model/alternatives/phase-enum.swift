// alternative: the state as one main-actor enum, isFetching computed from it
import LabScenarios

// The model's state is one value on the main actor: idle with a joke, or fetching.
@MainActor
final class JokeService {
    private enum Phase {
        case idle
        case fetching
    }

    private(set) var joke = "Joke appears here"
    private var phase = Phase.idle
    let client: JokeClient

    var isFetching: Bool { phase == .fetching }

    init(client: JokeClient) {
        self.client = client
    }

    func fetchJoke() async {
        phase = .fetching
        defer { phase = .idle }
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
