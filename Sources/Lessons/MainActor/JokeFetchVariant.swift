import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit
import Observation

/// The joke app's `fetchJoke()`, before and after `@MainActor`.
enum JokeFetchVariant {
    /// After, as the tutorial fixes it: `@MainActor` on `fetchJoke()` itself (it notes that a
    /// whole class may be marked instead), so the function is back on the main actor after
    /// every `await` and leaves it only to download.
    @Observable
    final class JokeService {
        private(set) var joke = "Joke appears here"
        private(set) var isFetching = false
        @ObservationIgnored private let client: JokeClient
        @ObservationIgnored private let probe: Probe

        init(client: JokeClient, probe: Probe) {
            self.client = client
            self.probe = probe
        }

        @MainActor
        func fetchJoke() async throws {
            isFetching = true
            defer { isFetching = false }
            let loaded = try await probe.span("download", kind: .suspending) { try await client.randomJoke() }
            probe.syncSpan("joke = loaded.value") { joke = loaded.value }
        }
    }

    struct Shown: Sendable, Equatable {
        let joke: String
        let isFetching: Bool
    }

    static let variant = LessonVariant("joke-fetch", title: "The joke app: fetchJoke() before and after @MainActor") {
        context in
        let console = context.console
        let diagnostic = CompilerDiagnostics.jokeServiceNotMainActor
        console.paragraph(
            """
            In the Kodeco app, JokeService started as a plain class whose async fetchJoke() set \
            `joke` and `isFetching`, read by the view on the main actor. The tutorial's Xcode warns \
            about publishing from a background thread. Swift 6 refuses to compile the view's call:
            """)
        console.say(console.terminal.paint("  error: \(diagnostic.message)", .red))
        console.paragraph(
            """
            The tutorial's fix puts @MainActor on fetchJoke() itself (marking the whole class, it \
            notes, would work too). Swift 6 accepts that: the view's call no longer hands the service \
            to code off the main actor, fetchJoke() is back on the main actor after every await, and \
            leaves it only to download.
            """)
        let service = JokeService(
            client: JokeClient.simulated(context.behavior(latency: .jitter(base: 1.5, spread: 0.3))),
            probe: context.probe)
        let view = ObservedView { Shown(joke: service.joke, isFetching: service.isFetching) }
        let frames = try await WatchedUI.run(
            context, onFrame: view.frame,
            status: {
                view.shown.map { $0.isFetching ? "Fetching…" : "joke shown" } ?? ""
            }
        ) {
            try await service.fetchJoke()
        }
        console.output(service.joke)
        let assign = try context.probe.spans.single(named: "joke = loaded.value")
        context.record("assign_isolation", "the joke was set on", text: assign.isolation.description)
        context.record(
            "fetching_frames", "frames that showed the progress view",
            count: view.frames.filter(\.snapshot.isFetching).count)
        context.record("frames_dropped", "frames dropped", count: frames.droppedFrames)
        console.paragraph(
            """
            The joke was set on the \(assign.isolation); the progress view showed for \
            \(CountWords.of(view.frames.filter(\.snapshot.isFetching).count, "frame")); \(CountWords.of(frames.droppedFrames, "frame")) dropped.
            """)
    }
}
