import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Updating a main-actor model from a background task: one hop per property vs one hop.
enum HalfUpdatedVariant {
    /// What the view shows; consistent when all three parts belong to one day's photo.
    struct Shown: Sendable, Equatable {
        let title: String
        let explanation: String
        let day: String
        var isConsistent: Bool { title.hasSuffix(day) && explanation.hasSuffix(day) }
    }

    static let variant = LessonVariant("half-updated", title: "Several `await MainActor.run` hops vs one") { context in
        let console = context.console
        console.paragraph(
            """
            A background task loads the next photo of the day and puts it on screen. One version \
            hops to the main actor for each property as it gets it (title, then explanation, then \
            date, each \(context.describe(sourceSeconds: 0.5)) apart); the other prepares all three \
            and hops once. Frames can render between hops: how many show parts of two photos?
            """)
        var table = Table(
            headers: ["update", "frames drawn", "half-updated frames", "stale frames"], rightAligned: [1, 2, 3])
        var budget = 0.0  // one frame of the UI loop, the same in both runs
        for (key, title) in [("separate", "an await MainActor.run per property"), ("single", "one MainActor.run")] {
            let model = PhotoOfTheDay()
            model.title = "Photo 1"
            model.explanation = "About photo 1"
            model.day = "1"
            let view = ObservedView { Shown(title: model.title, explanation: model.explanation, day: model.day) }
            let work = context.work
            let probe = context.probe
            var ready = Double.infinity
            var done = Double.infinity
            let frames = try await WatchedUI.run(context, onFrame: view.frame, status: nil) {
                (ready, done) = await Task.detached {
                    await probe.withLane("background \(key)") {
                        try? await work.suspend(sourceSeconds: 0.5)
                        if key == "separate" {
                            await MainActor.run { model.title = "Photo 2" }
                            let ready = probe.now  // the background has the title; the rest follows
                            try? await work.suspend(sourceSeconds: 0.5)
                            await MainActor.run { model.explanation = "About photo 2" }
                            try? await work.suspend(sourceSeconds: 0.5)
                            await MainActor.run { model.day = "2" }
                            return (ready, probe.now)
                        } else {
                            try? await work.suspend(sourceSeconds: 1)  // the same work, done first
                            let ready = probe.now
                            await MainActor.run {
                                model.title = "Photo 2"
                                model.explanation = "About photo 2"
                                model.day = "2"
                            }
                            return (ready, probe.now)
                        }
                    }
                }.value
            }
            let half = view.frames.filter { !$0.snapshot.isConsistent }.count
            let stale = view.frames.filter { $0.time > ready && $0.time < done }.count
            table.append([title, "\(view.frames.count)", "\(half)", "\(stale)"])
            context.record("\(key)_half_updated_frames", "\(title): half-updated frames", count: half)
            context.record("\(key)_stale_frames", "\(title): frames behind the background", count: stale)
            if key == "separate" {
                context.record("separate_hops_seconds", "a hop per property: first hop to last", seconds: done - ready)
                budget = frames.budget
            }
        }
        console.table(table)
        console.paragraph(
            halfUpdatedSentence(
                Int(context.figure("separate_half_updated_frames")?.value ?? 0),
                hops: context.figure("separate_hops_seconds")?.value ?? .infinity,
                budget: budget))
    }

    /// The comparison, said from the run's count (tested for each): a frame falls between two
    /// hops only when the UI loop runs in the gap, which a busy machine may not give it. `hops`:
    /// the first hop to the last, measured; shorter than one frame (`budget`: --scale 0.001 puts
    /// them 1 ms apart), no frame was due between them, and the machine is not blamed.
    static func halfUpdatedSentence(_ separate: Int, hops: Double, budget: Double) -> String {
        let first =
            separate > 0
            ? "With a hop per property, \(CountWords.of(separate, "frame")) showed a new title over an old "
                + "explanation or date."
            : hops < budget
                ? "With a hop per property, no frame was drawn between the hops on this run: the first and the last "
                    + "came \(hops.formattedAsDuration) apart, less than one frame (\(budget.formattedAsDuration)), "
                    + "so a frame falls between them only sometimes, but one could have been."
                : "With a hop per property, no frame happened to be drawn between the hops on this run (the machine "
                    + "was too busy to run the UI loop in those gaps), but one could have been."
        return first
            + " With one hop, none could: the three assignments are one main-actor job, and no frame runs in the "
            + "middle of a job. Each `await` is a point where the UI may draw; group what must change together."
    }
}
