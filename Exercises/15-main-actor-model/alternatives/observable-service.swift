// alternative: an @Observable service on the main actor
import LabScenarios
import Observation

// Correct: an @Observable model on the main actor, as a SwiftUI app would write it today.
@MainActor
@Observable
final class JokeService {
    private(set) var joke = "Joke appears here"
    private(set) var isFetching = false
    @ObservationIgnored let client: JokeClient

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
