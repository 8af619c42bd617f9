import Foundation
import Testing

@testable import LabCommandLine
@testable import LabConsole
@testable import LabCore
@testable import LessonKit
@testable import Lessons

/// The scenarios the sources leave out, run as extras, and their sentences under every outcome.
@Suite("the sources' missing scenarios", .serialized)
@MainActor
struct SourcesGapsTests {
    @Test func offMainPublishingRunsOffTheMainActorAndTheFixNeverMisses() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["off-main-publishing"])
        try expectEqual(report.figure("off-main-publishing", "update_ran_on").text, "nonisolated", "SE-0338")
        try expectEqual(report.value("off-main-publishing", "main_actor_missed"), 0)
        try expectAtLeast(report.value("off-main-publishing", "attempts"), 1)
    }

    @Test func mainActorRunStoresEveryStampAndABlockedLoopDrawsNoFrame() async throws {
        let report = try await LessonHarness.run(MainActorLesson(), ["main-actor-run"])
        try expectEqual(report.value("main-actor-run", "stamps_stored"), Double(2 * MainActorRunVariant.stamps))
        try expectEqual(
            report.value("main-actor-run", "frames_straight"), 0,
            "nothing runs on a main actor that never suspends")
    }

    @Test func anAlreadyCancelledParentStillAddsChildrenWithAddTask() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["already-cancelled"])
        let rovers = Double(AlreadyCancelledVariant.rovers.count)
        try expectEqual(report.value("already-cancelled", "add_task_ran"), rovers)
        try expectEqual(report.value("already-cancelled", "add_task_born_cancelled"), rovers)
        try expectEqual(report.value("already-cancelled", "unless_cancelled_ran"), 0)
        try expectEqual(report.value("already-cancelled", "check_threw"), 1)
        try expectEqual(report.value("already-cancelled", "is_empty_before"), 0)
        try expectEqual(report.value("already-cancelled", "is_empty_after"), 1)
        try expectEqual(report.figure("already-cancelled", "child_priority").text, ".high")
    }

    @Test func aNonisolatedShimCallsBackOnceFromOffTheActor() async throws {
        let report = try await LessonHarness.run(ActorsLesson(), ["deprecated-shims"])
        try expectEqual(report.value("deprecated-shims", "completion_calls"), 1)
        try expectEqual(report.figure("deprecated-shims", "completion_ran_on").text, "nonisolated")
    }

    @Test func offMainSentencesFollowTheOutcome() {
        typealias Attempt = OffMainPublishingVariant.Attempt
        // Frames drew while each gap was held (a 60 Hz loop ticks 3 times in 50 ms).
        func drew(_ ms: Int, missed: Bool = false) -> Attempt {
            Attempt(window: .milliseconds(ms), missed: missed, framesDuringGap: 3, longestPause: 0.017)
        }
        let missed = OffMainNarration.sentences(
            ranOn: .nonisolated, attempts: [drew(50), drew(100, missed: true)], fixedMissed: false)
        expectContains(missed.joined(), "A tick landed between objectWillChange and the write (on attempt 2")
        expectNotContains(missed.joined(), "caught the update")
        let caught = OffMainNarration.sentences(
            ranOn: .nonisolated, attempts: [drew(50), drew(100), drew(200)], fixedMissed: false)
        expect(caught.joined().contains("No tick landed") && caught.joined().contains("it depends on timing"))
        expect(!caught.joined().contains("A tick landed") && !caught.joined().contains("could not show"))
        let onMain = OffMainNarration.sentences(
            ranOn: .mainActor, attempts: [drew(50, missed: true)], fixedMissed: false)
        expectContains(onMain[0], "ran on the main actor here")
        expectNotContains(onMain.joined(), "SE-0338")
        let broken = OffMainNarration.sentences(
            ranOn: .nonisolated, attempts: [drew(50, missed: true)], fixedMissed: true)
        expectContains(broken.last!, "should not happen")
    }

    /// On one CPU the UI loop drew no frame while any gap was held (its wake-up waited for the
    /// pool thread the gap held): no tick could land, so the run could not show the race, and
    /// that is said instead of "it depends on timing".
    @Test func gapsWithoutAFrameAreSaidToHaveMadeTheRaceImpossible() {
        typealias Attempt = OffMainPublishingVariant.Attempt
        let frameless = [50, 100, 200].map {
            Attempt(window: .milliseconds($0), missed: false, framesDuringGap: 0, longestPause: Double($0 + 81) / 1000)
        }
        let text = OffMainNarration.sentences(ranOn: .nonisolated, attempts: frameless, fixedMissed: false).joined()
        expectContains(text, "this run could not show the race: in 3 attempts (the gap held open up to 200 ms)")
        expectContains(text, "the UI loop drew no frame while the gap was held (its longest pause was 281 ms)")
        expect(!text.contains("depends on timing") && !text.contains("No tick landed"), "\(text)")
        expectContains(text, "the update held its pool thread through the gap")
        let one = OffMainNarration.sentences(ranOn: .nonisolated, attempts: [frameless[0]], fixedMissed: false)
        expectContains(one.joined(), "in 1 attempt (the gap")
        let heldOnMain = OffMainNarration.sentences(ranOn: .mainActor, attempts: frameless, fixedMissed: false)
        expect(heldOnMain.joined().contains("held the main actor") && !heldOnMain.joined().contains("pool thread"))
        // One gap with a frame in it: then a tick could have landed, and timing is the word again.
        var some = frameless
        some[1] = Attempt(window: .milliseconds(100), missed: false, framesDuringGap: 1, longestPause: 0.1)
        let timing = OffMainNarration.sentences(ranOn: .nonisolated, attempts: some, fixedMissed: false).joined()
        expect(timing.contains("depends on timing") && !timing.contains("could not show the race"))
    }

    @Test func hopAndYieldSentencesFollowTheFigures() {
        expectContains(MainActorRunNarration.hops(separate: 0.02, batched: 0.001, count: 10), "20× faster")
        let even = MainActorRunNarration.hops(separate: 0.011, batched: 0.01, count: 10)
        expect(even.contains("no clear difference") && !even.contains("faster"))
        expectContains(MainActorRunNarration.yielding(straight: 0, yielding: 9), "it drew 9. Task.yield() suspends")
        expectContains(MainActorRunNarration.yielding(straight: 0, yielding: 0), "no more this time")
    }

    @Test func alreadyCancelledSentencesFollowTheFigures() {
        let usual = AlreadyCancelledNarration.sentences(
            added: 4, bornCancelled: 4, unlessCancelledRan: 0, checkThrew: true,
            priority: ".high", emptyBefore: false, emptyAfter: true
        ).joined(separator: " ")
        expectContains(usual, "all 4 children were added and ran, each already cancelled")
        expectContains(usual, "addTaskUnlessCancelled added none")
        expectContains(usual, "group.isEmpty was false with children added and true")
        let odd = AlreadyCancelledNarration.sentences(
            added: 4, bornCancelled: 1, unlessCancelledRan: 2, checkThrew: false,
            priority: nil, emptyBefore: false, emptyAfter: true
        ).joined(separator: " ")
        expect(
            odd.contains("1 of them already cancelled") && odd.contains("still added 2")
                && odd.contains("did not throw"))
        expectNotContains(odd, "currentPriority")
    }
}

/// The default run tells the core story; extras are listed with the command that runs them.
@Suite("extras are listed, not run, by default")
@MainActor
struct LessonExtrasTests {
    @Test func selectionLeavesExtrasToVariantOrAll() throws {
        let variants = MainActorLesson().variants
        var options = LessonOptions()
        let core = LessonSession.selection(of: variants, options: options)
        expect(core.allSatisfy { !$0.isExtra } && core.count < variants.count)
        options.allVariants = true
        expectEqual(LessonSession.selection(of: variants, options: options).count, variants.count)
        options = try LessonOptions.parse(["--variant", "off-main-publishing"])
        expectEqual(LessonSession.selection(of: variants, options: options).map(\.name), ["off-main-publishing"])
        #expect(throws: UsageError.self) { try LessonOptions.parse(["--all", "--variant", "main-queue"]) }
    }

    @Test func aDefaultRunEndsWithTheExtrasAndTheirCommand() async throws {
        let lesson = ExtrasFixtureLesson()
        let console = Console(terminal: .plain(), narrates: true, sink: .buffer)
        #expect(await LessonRunner.run(lesson, arguments: [], console: console) == 0)
        let text = console.capturedText
        expect(text.contains("core ran") && !text.contains("extra ran"))
        expect(text.contains("--variant deep") && text.contains("fixture --variant NAME, or all of them with --all"))
        expectContains(text, "What to take away", "the takeaways follow a run of every core variant")
        let all = Console(terminal: .plain(), narrates: true, sink: .buffer)
        #expect(await LessonRunner.run(lesson, arguments: ["--all"], console: all) == 0)
        expect(all.capturedText.contains("extra ran") && !all.capturedText.contains("More in this lesson"))
    }

    /// `lab pages` writes every page beside its index: each links back to it. A lone `--html`
    /// page has no index beside it, so no link that would lead nowhere.
    @Test func aPageLinksToTheIndexOnlyWhereItIsWrittenBesideOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for indexPage in [nil, "index.html"] {
            let page = folder.appendingPathComponent("page.html")
            let console = Console(terminal: .plain(), narrates: false, sink: .buffer)
            let status = await LessonRunner.run(
                ExtrasFixtureLesson(), arguments: ["--html", page.path], console: console, indexPage: indexPage)
            expectEqual(status, 0)
            let html = try String(contentsOf: page, encoding: .utf8)
            expectEqual(html.contains("<a href=\"index.html\">"), indexPage != nil, html)
        }
    }

    @Test func everyLessonHasACoreStory() {
        for lesson in LessonCatalog.lessons {
            expect(lesson.variants.contains { !$0.isExtra }, "\(lesson.name)")
        }
    }
}

struct ExtrasFixtureLesson: Lesson {
    let name = "fixture"
    let title = "Fixture"
    let summary = "a core variant and an extra"
    let introduction = "Two variants."
    let takeaways = ["Extras wait to be asked for."]
    var variants: [LessonVariant] {
        [
            LessonVariant("core", title: "Core") { $0.console.paragraph("core ran") },
            LessonVariant("deep", title: "Deep dive") { $0.console.paragraph("extra ran") }.extra,
        ]
    }
}
