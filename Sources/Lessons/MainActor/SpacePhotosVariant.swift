import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The Space Photos catalog: `.task` loads it, pull-to-refresh reloads it, Save saves one.
enum SpacePhotosVariant {
    static let count = 8

    static let variant = LessonVariant(
        "space-photos", title: "Space Photos: updateItems(), refresh, and the Save button"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The catalog view appears and its `.task` calls `await photos.updateItems()`, which fetches \
            \(count) photos concurrently (each about \(context.describe(sourceSeconds: 2))) and assigns \
            them at once. Then the user pulls to refresh (the `.refreshable` action awaits \
            updateItems() again) and taps Save on the first photo: its button shows a progress \
            indicator while `isSaving` is true.
            """)
        let meter = CallMeter()
        let client = SpacePhotosClient.simulated(context.behavior(latency: .jitter(base: 2, spread: 0.5)), meter: meter)
        let photos = Photos(client: client, work: context.work)
        let view = ObservedView {
            CatalogState(
                photos: photos.items.count, firstTitle: photos.items.first?.title ?? "", isSaving: photos.isSaving)
        }
        let probe = context.probe
        let frames = try await WatchedUI.run(
            context, onFrame: view.frame,
            status: {
                guard let shown = view.shown else { return "" }
                return "\(shown.photos) photos" + (shown.isSaving ? "  Saving…" : "")
            }
        ) {
            await probe.span(".task: updateItems()", kind: .suspending) { await photos.updateItems(count: count) }
            await probe.span(".refreshable: updateItems()", kind: .suspending) {
                await photos.updateItems(count: count)
            }
            if let first = photos.items.first {
                await probe.span("Save", kind: .suspending) { await photos.save(first) }
            }
        }
        let rendered = view.renders.map(\.snapshot.photos)
        let savingFrames = view.frames.filter(\.snapshot.isSaving).count
        context.record("photos_shown", "photos shown", count: photos.items.count)
        context.record(
            "photo_counts_rendered", "photo counts the view rendered",
            text: Array(Set(rendered)).sorted().map(String.init).joined(separator: ", "))
        context.record("saving_frames", "frames that showed Saving…", count: savingFrames)
        context.record("max_in_flight", "most photo requests in flight", count: meter.stats.maxInFlight)
        context.record("frames_dropped", "frames dropped", count: frames.droppedFrames)
        context.record("worst_frame_seconds", "worst frame time", seconds: frames.worstInterval)
        console.paragraph(
            catalogSentence(
                rendered: Set(rendered).sorted(), peak: meter.stats.maxInFlight, dropped: frames.droppedFrames,
                savingFrames: savingFrames))
    }

    /// The run's figures in words (tested): each count says its noun ("1 frame", not "1 frames").
    /// The peak is the most at once over both loads, so it is said as "at most", not of each load;
    /// frames dropped are the UI loop's, said beside the requests, not as their doing.
    static func catalogSentence(rendered: [Int], peak: Int, dropped: Int, savingFrames: Int) -> String {
        "The view rendered \(rendered.map(String.init).joined(separator: " then ")) photos: never a half-filled list, "
            + "because updateItems() assigns once. Each load's \(count) requests ran off the main actor, at most "
            + "\(peak) at once; the UI loop dropped \(CountWords.of(dropped, "frame")). "
            + "The Save button showed its progress for \(CountWords.of(savingFrames, "frame"))."
    }
}
