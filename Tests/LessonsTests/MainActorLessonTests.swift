import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import LabScenarios
@testable import LabTrace
@testable import Lessons

/// Frames are counted from the frame log, never from wall-clock thresholds.
@Suite("main-actor lesson", .serialized)
@MainActor
struct MainActorLessonTests {
    @Test func theBlockingFetchDropsFramesAndTheAwaitedOneDoesNot() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["blocking-fetch", "awaited-fetch"])
        try expectEqual(
            report.value("blocking-fetch", "frames_during_call"), 0, "no frame while the main actor is blocked")
        try expectAtLeast(report.value("blocking-fetch", "frames_dropped"), 1)
        try expectEqual(report.value("blocking-fetch", "loading_frames"), 0)
        // A frame during the awaited call (150 ms here) is the machine's luck: on one busy CPU
        // 80 ms have passed without one (WatchedUI.settle). The sentence must say the run's
        // frames; the loop drawing during an await is forced below.
        let during = Int(try report.value("awaited-fetch", "frames_during_call"))
        let loading = Int(try report.value("awaited-fetch", "loading_frames"))
        let narration = try unwrap(report.variants.first { $0.name == "awaited-fetch" }?.narration).joined(
            separator: "\n")
        expectContains(
            narration,
            during > 0
                ? "The loop kept drawing: \(CountWords.of(during, "frame")) during the fetch"
                : "No frame was drawn during the")
        expectContains(narration, "\(CountWords.of(loading, "frame")) showed “Loading…”")
    }

    /// What awaited-fetch teaches, forced: the "fetch" answers only after the UI loop, on this
    /// main actor, has drawn two frames, which it can only do because the `await` handed the main
    /// actor back (were it held, this would hang until the time limit); the view showed Loading….
    @Test(.timeLimit(.minutes(1))) func theLoopDrawsWhileAnAwaitedFetchIsInFlight() async throws {
        let probe = Probe()
        let ticker = FrameTicker(probe: probe)
        let model = PhotoOfTheDay()
        let view = ObservedView { PhotoViewState(title: model.title, isLoading: model.isLoading) }
        ticker.onFrame = { view.frame($0, at: probe.now) }
        ticker.start()
        model.isLoading = true
        let drawn = ticker.framesDrawn
        while ticker.framesDrawn < drawn + 2 { try await Task.sleep(for: .milliseconds(5)) }
        model.isLoading = false
        _ = await ticker.stop()
        expectAtLeast(view.frames.filter(\.snapshot.isLoading).count, 1)
    }

    @Test func theAwaitedSentenceFollowsTheFrames() {
        let drew = FetchVariants.awaitedSentence(
            framesDuringCall: 9, callSeconds: 0.15, dropped: 0, worst: 0.017, spinnerFrames: 9, budget: 1.0 / 60)
        expect(drew.contains("The loop kept drawing: 9 frames during the fetch") && drew.contains("9 frames showed"))
        let none = FetchVariants.awaitedSentence(
            framesDuringCall: 0, callSeconds: 0.15, dropped: 3, worst: 0.2, spinnerFrames: 0, budget: 1.0 / 60)
        expect(none.contains("No frame was drawn during the") && !none.contains("kept drawing"), none)
        expectContains(none, "the machine was too busy")
        // --scale 0.001: a 3.89 ms fetch, shorter than a frame, had no frame due for certain.
        let short = FetchVariants.awaitedSentence(
            framesDuringCall: 0, callSeconds: 0.00389, dropped: 0, worst: 0.0172, spinnerFrames: 0, budget: 1.0 / 60)
        expectContains(
            short, "the fetch was shorter than one frame (16.7 ms), so a frame falls inside it only sometimes")
        expectNotContains(short, "too busy")
        expectContains(
            FetchVariants.awaitedSentence(
                framesDuringCall: 1, callSeconds: 0.15, dropped: 0, worst: 0.02, spinnerFrames: 1, budget: 1.0 / 60),
            "1 frame during")
    }

    /// How many requests were in flight at once is the run's luck on a loaded machine (a stalled
    /// pool may start each only after another has answered), so the run's figure is checked
    /// against the sentence, and the requests running at once is proved by a rendezvous below.
    @Test func theCatalogAppearsAllAtOnceAndSaveShowsProgress() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["space-photos"])
        try expectEqual(report.figure("space-photos", "photo_counts_rendered").text, "0, 8")
        // Frames while saving (100 ms here) are the machine's luck, as for awaited-fetch: said, not required.
        let saving = Int(try report.value("space-photos", "saving_frames"))
        let most = Int(try report.value("space-photos", "max_in_flight"))
        expect((1...8).contains(most), "\(most)")
        let narration = try unwrap(report.variants.first { $0.name == "space-photos" }?.narration).joined(
            separator: "\n")
        expectContains(narration, "Each load's 8 requests ran off the main actor, at most \(most) at once")
        expectContains(narration, "The Save button showed its progress for \(CountWords.of(saving, "frame"))")
    }

    /// Each count says its noun: the old sentence read "which dropped 1 frames".
    @Test func theCatalogSentenceSaysEachCountWithItsNoun() {
        let one = SpacePhotosVariant.catalogSentence(rendered: [0, 8], peak: 8, dropped: 1, savingFrames: 1)
        expectContains(one, "The view rendered 0 then 8 photos")
        expectContains(one, "at most 8 at once; the UI loop dropped 1 frame.")
        expectContains(one, "showed its progress for 1 frame.")
        expectNotContains(one, "1 frames")
        let none = SpacePhotosVariant.catalogSentence(rendered: [0, 8], peak: 3, dropped: 0, savingFrames: 6)
        expect(
            none.contains("at most 3 at once; the UI loop dropped 0 frames.") && none.contains("for 6 frames."), none)
    }

    /// updateItems()'s fetch, forced: the service answers only when all eight requests are in it
    /// at once (were they made one after another, this would hang until the time limit).
    @Test(.timeLimit(.minutes(1))) func theCatalogsRequestsAreAllInFlightAtOnce() async {
        let arrivals = Arrivals(expected: 8)
        let service = AnswersWhenAllHaveArrived(
            arrivals: arrivals,
            inner: SpacePhotosClient.simulated(
                ServiceBehavior(latency: .fixed(0), seed: 1, scale: TimeScale(factor: 0.01))))
        let photos = await Photos.fetchPhotos(client: service, count: 8)
        expectEqual(photos.count, 8)
        expectEqual(await arrivals.count, 8)
    }

    @Test func oneHopNeverShowsAHalfUpdatedModel() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["half-updated"])
        try expectEqual(report.value("half-updated", "single_half_updated_frames"), 0)
        // A frame between two hops 25 ms apart is the machine's luck on a busy CPU: the sentence
        // must say the run's count, and a frame between hops is forced below.
        let separate = Int(try report.value("half-updated", "separate_half_updated_frames"))
        let narration = try unwrap(report.variants.first { $0.name == "half-updated" }?.narration)
        let hops = try report.value("half-updated", "separate_hops_seconds")
        let budget = FrameTicker(probe: Probe()).budget.seconds  // the UI loop's frame, 60 Hz
        expect(
            narration.contains(HalfUpdatedVariant.halfUpdatedSentence(separate, hops: hops, budget: budget)),
            "\(narration)")
    }

    /// What half-updated teaches, forced: the background waits, between its first hop and its
    /// second, until the UI loop has drawn a frame, so a frame shows the new title over the old
    /// explanation (the loop draws only between main-actor jobs, so each hop is one job).
    @Test(.timeLimit(.minutes(1))) func aFrameBetweenTwoHopsShowsAHalfUpdatedModel() async {
        let probe = Probe()
        let ticker = FrameTicker(probe: probe)
        let model = PhotoOfTheDay()
        model.title = "Photo 1"
        model.explanation = "About photo 1"
        model.day = "1"
        let view = ObservedView {
            HalfUpdatedVariant.Shown(title: model.title, explanation: model.explanation, day: model.day)
        }
        ticker.onFrame = { view.frame($0, at: probe.now) }
        ticker.start()
        await Task.detached {
            let drawn = await MainActor.run {
                model.title = "Photo 2"
                return ticker.framesDrawn
            }
            while await MainActor.run(body: { ticker.framesDrawn }) <= drawn {
                try? await Task.sleep(for: .milliseconds(5))
            }
            await MainActor.run { model.explanation = "About photo 2" }
            await MainActor.run { model.day = "2" }
        }.value
        _ = await ticker.stop()
        expectAtLeast(view.frames.filter { !$0.snapshot.isConsistent }.count, 1)
    }

    @Test func theHalfUpdatedSentenceFollowsTheCount() {
        let frame = 1.0 / 60
        expectContains(
            HalfUpdatedVariant.halfUpdatedSentence(2, hops: 0.05, budget: frame),
            "With a hop per property, 2 frames showed a new title")
        expectContains(HalfUpdatedVariant.halfUpdatedSentence(1, hops: 0.05, budget: frame), "1 frame showed")
        let none = HalfUpdatedVariant.halfUpdatedSentence(0, hops: 0.05, budget: frame)
        expect(
            none.contains("no frame happened to be drawn between the hops on this run") && !none.contains("0 frames"))
        expectContains(none, "too busy")
        expectContains(none, "With one hop, none could")
        // --scale 0.001: hops 1 ms apart, less than a frame: no frame was due, the machine is not blamed.
        let close = HalfUpdatedVariant.halfUpdatedSentence(0, hops: 0.00102, budget: frame)
        expectContains(close, "the first and the last came 1.02 ms apart, less than one frame (16.7 ms)")
        expectNotContains(close, "too busy")
    }

    @Test func theJokeIsSetOnTheMainActor() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["joke-fetch"])
        try expectEqual(report.figure("joke-fetch", "assign_isolation").text, "main actor")
        // Frames during a 75 ms fetch are the machine's luck (forced in
        // theLoopDrawsWhileAnAwaitedFetchIsInFlight): the sentence says the run's count.
        let fetching = Int(try report.value("joke-fetch", "fetching_frames"))
        let narration = try unwrap(report.variants.first { $0.name == "joke-fetch" }?.narration).joined(
            separator: "\n")
        expectContains(narration, "the progress view showed for \(CountWords.of(fetching, "frame"))")
    }

    @Test func isolationHoldsWhateverTheThread() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["main-queue"])
        try expectEqual(report.value("main-queue", "isolation_confirmed"), report.value("main-queue", "suspensions"))
    }
}

@Suite("ObservedView")
@MainActor
struct ObservedViewTests {
    @Test func rendersOnlyWhenTheModelChanged() {
        let model = PhotoOfTheDay()
        let view = ObservedView { model.title }
        view.frame(1, at: 0.01)
        view.frame(2, at: 0.02)
        model.title = "Saturn"
        view.frame(3, at: 0.03)
        view.frame(4, at: 0.04)
        expectEqual(view.renders.map(\.frame), [1, 3])
        expectEqual(view.frames.map(\.snapshot), ["—", "—", "Saturn", "Saturn"])
    }
}

@Suite("main-queue narration follows the measurement on any platform")
struct MainQueueNarrationTests {
    @Test func theMainThreadEveryTimeAsOnApplePlatforms() {
        let text = MainQueueVariant.narration(onMainThread: 10, confirmed: 10, suspensions: 10, threads: 1)
        expectContains(text, "the main thread ran it every time")
        expectNotContains(text, "was false")
    }

    @Test func neverTheMainThreadAsOnLinux() {
        let text = MainQueueVariant.narration(onMainThread: 0, confirmed: 10, suspensions: 10, threads: 2)
        expectContains(text, "Thread.isMainThread was false every time")
        expectContains(text, "served by 2 other threads")
        expectNotContains(text, "ran it every time")
    }

    @Test func sometimesTheMainThread() {
        let text = MainQueueVariant.narration(onMainThread: 3, confirmed: 10, suspensions: 10, threads: 2)
        expectContains(text, "true 3 of 10 times")
    }
}

@Suite("live view events follow the frame counter")
struct LiveNarrationTests {
    @Test func aBlockThatStoppedEveryFrameSaysLoadingWasNeverDrawn() {
        expectContains(LiveNarration.blocking(framesDuring: 0), "never drawn")
        expectNotContains(LiveNarration.blocking(framesDuring: 3), "never drawn")
    }

    @Test func anAwaitCountsTheFramesThatShowedLoading() {
        expectContains(LiveNarration.awaited(framesDuring: 60), "60 frames drew")
        expectNotContains(LiveNarration.awaited(framesDuring: 0), "spinner kept turning")
    }
}
