// alternative: the state is isolated to the main actor and written there through MainActor.run
import LabScenarios

final class JokeService: Sendable {
    @MainActor private(set) var joke = "Joke appears here"
    @MainActor private(set) var isFetching = false
    let client: JokeClient

    init(client: JokeClient) {
        self.client = client
    }

    func fetchJoke() async {
        await MainActor.run { isFetching = true }
        let fetched = (try? await client.randomJoke().value) ?? "No joke today"
        await MainActor.run {
            joke = fetched
            isFetching = false
        }
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
