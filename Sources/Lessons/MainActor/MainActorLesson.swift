import LabCommandLine
import LabCore
import LessonKit
import Observation

/// Lesson 7: the main actor as a UI run loop, from Space Photos and the joke app.
public struct MainActorLesson: Lesson {
    public init() {}

    public let name = "main-actor"
    public let title = "The main actor: a UI that must keep drawing"
    public let summary =
        "a 60 Hz main-actor frame loop with Observation: blocking vs awaited fetches, Space Photos' Photos model, half-updated frames, the joke app"

    public let introduction = """
        A UI draws on the main actor. Here a stand-in frame loop runs on the main actor at 60 Hz; \
        each frame re-renders a view whose body reads an @Observable model (through \
        withObservationTracking, as SwiftUI does) when the model changed. Every frame is logged \
        with what it showed, so we can count dropped frames, the worst frame time, and frames \
        that showed a half-updated model. On a terminal you see the loop live; \
        `swift run main-actor --live` lets you block and await it yourself, for as long as you like.
        """

    public var variants: [LessonVariant] {
        [
            FetchVariants.blocking,
            FetchVariants.awaited,
            SpacePhotosVariant.variant.stepsWithFlagOnly,
            HalfUpdatedVariant.variant,
            JokeFetchVariant.variant,
            MainQueueVariant.variant,
            OffMainPublishingVariant.variant.extra,
            MainActorRunVariant.variant.extra,
        ]
    }

    /// `main-actor --live`: the interactive view, for as long as the student wants.
    public var command: LessonCommand? {
        LessonCommand(
            options: [OptionSpec("live", help: "A live main-actor UI: press b to block it, a to await, q to quit")],
            sharedOptions: ["no-color", "quiet"],
            isRequested: { $0.flag("live") },
            run: { _ in await LiveMainActorView.run(scale: .realTime) })
    }

    public let takeaways = [
        "Anything that blocks the main actor blocks every frame: even the \"Loading…\" you set before it never shows.",
        "Awaiting on the main actor gives it back while the work runs elsewhere; the UI keeps drawing and shows your loading state.",
        "Build new state off the main actor, then assign it in one step: one MainActor.run (or one assignment) per consistent update.",
        "Mark UI models @MainActor. Swift 6 will not let a main-actor view hand a plain class to code that runs elsewhere.",
        "On Linux the main actor runs on the main queue, served by whatever thread; check isolation, not Thread.isMainThread.",
    ]
}

/// What the stand-in photo view shows: a title and whether a loading indicator is up.
struct PhotoViewState: Sendable, Equatable {
    let title: String
    let isLoading: Bool
}

/// The photo of the day, as the view's model.
@MainActor
@Observable
final class PhotoOfTheDay {
    var title = "—"
    var explanation = "—"
    var day = "—"
    var isLoading = false
}
