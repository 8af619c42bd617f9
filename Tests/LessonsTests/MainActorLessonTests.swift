import Foundation
import Testing

@testable import LabScenarios
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
        try expectAtLeast(report.value("awaited-fetch", "frames_during_call"), 1)
        try expectAtLeast(report.value("awaited-fetch", "loading_frames"), 1)
    }

    @Test func theCatalogAppearsAllAtOnceAndSaveShowsProgress() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["space-photos"])
        try expectEqual(report.figure("space-photos", "photo_counts_rendered").text, "0, 8")
        try expectAtLeast(report.value("space-photos", "saving_frames"), 1)
        try expectAbove(report.value("space-photos", "max_in_flight"), 1)
    }

    @Test func oneHopNeverShowsAHalfUpdatedModel() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["half-updated"])
        try expectEqual(report.value("half-updated", "single_half_updated_frames"), 0)
        try expectAtLeast(report.value("half-updated", "separate_half_updated_frames"), 1)
    }

    @Test func theJokeIsSetOnTheMainActor() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["joke-fetch"])
        try expectEqual(report.figure("joke-fetch", "assign_isolation").text, "main actor")
        try expectAtLeast(report.value("joke-fetch", "fetching_frames"), 1)
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
