import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The joke app's `JokeServiceStore` actor behind a main-actor `JokeService`.
enum JokeServiceVariant {
    /// The step the steps table lists for the download: the client's call that load() awaits.
    static let downloadStep = "client.randomJoke()"

    /// The Kodeco app's store: a private actor that downloads and keeps the joke.
    actor JokeServiceStore {
        private var loadedJoke = Joke(value: "")
        private let client: JokeClient
        private let probe: Probe

        init(client: JokeClient, probe: Probe) {
            self.client = client
            self.probe = probe
        }

        /// load() runs on this actor; its one step is the download it awaits, traced under the
        /// call that ran (the client's, nonisolated), so the steps table names what ran where.
        func load() async throws -> Joke {
            loadedJoke = try await probe.span(downloadStep, kind: .suspending) { try await client.randomJoke() }
            return loadedJoke
        }
    }

    /// The view's model: published state on the main actor, the download on the store actor.
    @MainActor
    final class JokeService {
        private(set) var joke = "Joke appears here"
        private(set) var isFetching = false
        private let store: JokeServiceStore
        private let probe: Probe

        init(store: JokeServiceStore, probe: Probe) {
            self.store = store
            self.probe = probe
        }

        func fetchJoke() async throws {
            isFetching = true
            defer { isFetching = false }
            probe.mark("isFetching = true")
            let loaded = try await store.load()
            probe.syncSpan("joke = loaded.value") { joke = loaded.value }
        }
    }

    static let variant = LessonVariant(
        "joke-service", title: "The joke app: JokeServiceStore actor, main-actor JokeService"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The Kodeco joke app moves the download out of its main-actor JokeService into a private \
            JokeServiceStore actor. The service keeps what the view shows (joke, isFetching) on the \
            main actor; the store calls the network client from its own actor and keeps the joke.
            """)
        let probe = context.probe
        let meter = CallMeter()
        let store = JokeServiceStore(
            client: JokeClient.simulated(context.behavior(latency: .jitter(base: 1, spread: 0.3)), meter: meter),
            probe: probe)
        let service = JokeService(store: store, probe: probe)
        // The UI loop draws on the main actor meanwhile: its frames during the download are the
        // run's witness that the main actor was free, not a claim written in advance.
        let frames = try await WatchedUI.run(context) {
            try await probe.withLane("Fetch a joke button") { try await service.fetchJoke() }
        }
        console.output(service.joke)
        let spans = probe.spans
        let download = try spans.single(named: downloadStep)
        let assign = try spans.single(named: "joke = loaded.value")
        let framesDuring = context.recordFrames(frames, during: download)
        context.record("download_seconds", "the download took", seconds: download.duration)
        context.record("load_isolation", "load() awaited the download on", text: download.isolation.description)
        context.record("download_isolation", "the download itself ran on", text: download.ranOn.description)
        context.record("assign_isolation", "the joke was set on", text: assign.isolation.description)
        context.record("is_fetching_after", "isFetching afterwards", flag: service.isFetching)
        console.paragraph(
            narrate(
                awaitedOn: download.isolation, downloadRanOn: download.ranOn, assignedOn: assign.isolation,
                isFetching: service.isFetching, framesDuring: framesDuring, downloadSeconds: download.duration))
    }

    /// Where load() awaited, where the download's own code ran (as the steps table shows both),
    /// where the joke was set: each from the spans; whether the UI loop drew during the download,
    /// from its frames (a busy machine, or a download shorter than a frame, can leave none)
    /// (tested for each outcome).
    static func narrate(
        awaitedOn: Isolation, downloadRanOn: Isolation, assignedOn: Isolation, isFetching: Bool, framesDuring: Int,
        downloadSeconds: Double
    ) -> String {
        let download =
            downloadRanOn == awaitedOn
            ? "load() and the download, \(downloadStep), ran on the \(awaitedOn)"
            : "load() ran on the \(awaitedOn) and awaited the download, \(downloadStep), there; the client's code ran \(downloadRanOn == .nonisolated ? "nonisolated, off every actor" : "on the \(downloadRanOn)")"
        let drawn =
            framesDuring > 0
            ? "and the UI loop drew \(CountWords.of(framesDuring, "frame")) on it meanwhile"
            : "though the UI loop drew no frame on it in the download's \(downloadSeconds.formattedAsDuration) on this run"
        let fetching = isFetching ? "isFetching was still true afterwards" : "isFetching went back to false"
        return
            "\(download). The joke was stored on the \(assignedOn), where the view reads it; \(fetching). The actor boundary is where the `await` is: the main actor was free while the joke downloaded, \(drawn)."
    }
}
