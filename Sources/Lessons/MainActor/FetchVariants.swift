import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Loading the photo of the day on the main actor: blocking, then awaited.
enum FetchVariants {
    /// HAZARD, on purpose: the fetch holds the main actor's thread for its whole length, which
    /// is what the variant shows (the frames that stop meanwhile).
    static let blocking = LessonVariant("blocking-fetch", title: "A blocking fetch on the main actor") { context in
        context.console.paragraph(
            """
            The view's model sets isLoading = true, then fetches the photo with a synchronous call \
            (like Data(contentsOf:) on a URL) that takes \(context.describe(sourceSeconds: 3)), then \
            shows it. All of it on the main actor.
            """)
        try await run(context, key: "blocking") { model in
            model.isLoading = true
            context.probe.syncSpan("fetch (blocking)", kind: .blocking) {
                context.work.block(sourceSeconds: 3)
            }
            model.title = "Totality over Texas"
            model.isLoading = false
        }
    }

    static let awaited = LessonVariant("awaited-fetch", title: "The same fetch, awaited") { context in
        context.console.paragraph(
            """
            Now the fetch is `try await client.photo(for:)` (about \(context.describe(sourceSeconds: 3))). \
            The model still runs on the main actor; the `await` hands the main actor back while the \
            request is in flight.
            """)
        let client = SpacePhotosClient.simulated(context.behavior(latency: .fixed(3)))
        let day = try requireDay("2024-04-08")
        try await run(context, key: "awaited") { model in
            model.isLoading = true
            let photo = try await context.probe.span("fetch (awaited)", kind: .suspending) {
                try await client.photo(for: day)
            }
            model.title = photo.title
            model.isLoading = false
        }
    }

    /// Runs `fetch` inside the UI loop with a view on the model, and records the frames.
    @MainActor
    static func run(_ context: LessonContext, key: String, _ fetch: (PhotoOfTheDay) async throws -> Void) async throws {
        let model = PhotoOfTheDay()
        let view = ObservedView { PhotoViewState(title: model.title, isLoading: model.isLoading) }
        let frames = try await WatchedUI.run(
            context, onFrame: view.frame,
            status: {
                view.shown.map { $0.isLoading ? "Loading…" : "“\($0.title)”" } ?? ""
            }
        ) {
            try await fetch(model)
        }
        let call = try context.probe.spans.single(named: "fetch (\(key))")
        let spinnerFrames = view.frames.filter(\.snapshot.isLoading).count
        context.recordFrames(frames, during: call)
        context.record("worst_frame_seconds", "worst frame time", seconds: frames.worstInterval)
        context.record("loading_frames", "frames that showed “Loading…”", count: spinnerFrames)
        context.console.paragraph(
            key == "blocking"
                ? """
                While the fetch blocked the main actor, the loop drew \(frames.frames(during: call.start, call.end)) \
                frames and dropped \(frames.droppedFrames); the worst frame took \
                \(frames.worstInterval.formattedAsDuration). The “Loading…” indicator was set and cleared \
                without a single frame between: \(CountWords.of(spinnerFrames, "frame")) showed it. The user saw a freeze, \
                then the photo.
                """
                : awaitedSentence(
                    framesDuringCall: frames.frames(during: call.start, call.end), callSeconds: call.duration,
                    dropped: frames.droppedFrames, worst: frames.worstInterval, spinnerFrames: spinnerFrames,
                    budget: frames.budget))
    }

    /// The awaited fetch, said from the run's frames (tested for each): the `await` hands the main
    /// actor back, but a busy machine may still not run the UI loop during a short call. A call
    /// shorter than one frame (`budget`; --scale 0.001 made it 3.89 ms) had no frame due in it
    /// for certain, so its empty count is not put down to a busy machine.
    static func awaitedSentence(
        framesDuringCall: Int, callSeconds: Double, dropped: Int, worst: Double, spinnerFrames: Int, budget: Double
    ) -> String {
        let after =
            "\(dropped) dropped, worst frame \(worst.formattedAsDuration). "
            + "\(CountWords.of(spinnerFrames, "frame")) showed “Loading…”, then the photo."
        if framesDuringCall == 0 && callSeconds < budget {
            return "No frame was drawn during the \(callSeconds.formattedAsDuration) fetch on this run, though the "
                + "`await` had handed the main actor back: the fetch was shorter than one frame "
                + "(\(budget.formattedAsDuration)), so a frame falls inside it only sometimes. " + after
        }
        guard framesDuringCall > 0 else {
            return "No frame was drawn during the \(callSeconds.formattedAsDuration) fetch on this run, though the "
                + "`await` had handed the main actor back: the machine was too busy to run the UI loop in that time. "
                + after
        }
        return "The loop kept drawing: \(CountWords.of(framesDuringCall, "frame")) during the fetch, " + after
    }
}
