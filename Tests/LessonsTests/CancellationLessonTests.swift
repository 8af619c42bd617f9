import Foundation
import Testing

@testable import LabCore
@testable import Lessons

@Suite("cancellation lesson", .serialized)
@MainActor
struct CancellationLessonTests {
    @Test func cancellingTheHandleStopsTheDownloadWithCancellationError() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["task-handle"])
        // cancel() is due mid-way through page 3, a second of source time from either end; a busy
        // machine (the sanitizer, with builds beside it) can run it late. The sentence follows what
        // happened, each outcome forced below; whatever happened, the figures agree with each other.
        let outcome = try unwrap(try report.figure("task-handle", "download_outcome").text)
        let pages = try report.value("task-handle", "pages_before_cancel")
        let stopped = try report.value("task-handle", "download_cancelled_calls")
        expect(outcome == "CancellationError" || outcome == "finished 10 pages", "\(outcome)")
        if outcome == "CancellationError" {
            expectBelow(pages, 10)
            expect((0...1).contains(stopped))
        } else {
            expect(pages == 10 && stopped == 0)
        }
        // How many children cancelAll() stopped is luck (a busy machine runs it late); the
        // sentence follows the count, each outcome forced below.
        try expect((0...3).contains(try report.value("task-handle", "group_cancelled_calls")))
    }

    @Test func theDownloadSentenceFollowsWhatCancelFound() {
        let midPage = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 2, stoppedMidFlight: 1)
        expect(midPage.contains("loaded 2 pages") && midPage.contains("the request in flight at cancel() stopped"))
        let between = TaskHandleVariant.narrateDownload(
            outcome: "CancellationError", pagesLoaded: 3, stoppedMidFlight: 0)
        expect(between.contains("came between two pages") && !between.contains("in flight at cancel() stopped"))
        let late = TaskHandleVariant.narrateDownload(outcome: "finished 10 pages", pagesLoaded: 10, stoppedMidFlight: 0)
        expect(late.contains("ended (finished 10 pages) before cancel() ran") && !late.contains("stopped at once"))
    }

    @Test func theGroupSentenceFollowsHowManyChildrenCancelAllStopped() {
        expectEqual(
            TaskHandleVariant.narrateGroup(cancelled: 3), "cancelAll() stopped 3 manifest downloads nobody needed.")
        expectEqual(
            TaskHandleVariant.narrateGroup(cancelled: 1), "cancelAll() stopped 1 manifest download nobody needed.")
        let none = TaskHandleVariant.narrateGroup(cancelled: 0)
        expect(none.contains("found nothing left to stop") && none.contains("the other manifests had arrived"))
        expectNotContains(none, "stopped 0")
    }

    @Test func aLoopThatNeverChecksRunsToTheEnd() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["cooperative"])
        try expectEqual(report.value("cooperative", "unchecked_chunks"), 100)
        let checkedChunks = try report.value("cooperative", "checked_chunks")
        // "ran on after cancel()" is never negative (C1); a loop that ended first has its own figure.
        func signedLatency(_ key: String) throws -> Double {
            let ranOn = try report.value("cooperative", "\(key)_latency_seconds")
            expectAtLeast(ranOn, 0, "a loop cannot run on for a negative time after cancel()")
            guard ranOn == 0 else { return ranOn }
            return -(try report.value("cooperative", "\(key)_ended_before_seconds"))
        }
        let checkedLatency = try signedLatency("checked")
        let uncheckedLatency = try signedLatency("unchecked")
        // When cancel() came is luck: the code that calls it needs a thread, which one CPU or a
        // busy machine may give it only after the loops ended (measured under taskset -c 0 and
        // beside a sanitized build). Then the lesson must say so, not that the checking loop
        // stopped early; each sentence is forced in the narration tests.
        let text = CooperativeLoopVariant.narrate(
            unchecked: .init(chunksDone: 100, chunks: 100, stopLatency: uncheckedLatency),
            checked: .init(chunksDone: Int(checkedChunks), chunks: 100, stopLatency: checkedLatency),
            cpus: UsableCPUs.count)
        guard checkedLatency > 0 else {
            expectNotContains(text, "stopped after", "\(text)")
            return
        }
        expect(checkedChunks < 100 || text.contains("had done all its chunks"), "\(text)")
        if checkedChunks < 100 { expect(checkedLatency < uncheckedLatency || uncheckedLatency <= 0) }
    }

    @Test func theHandlerReachesTheDownloadBeforePollingDoes() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["handler"])
        // A download that ended before its task was cancelled (a late wake-up on a busy
        // machine) is counted, not averaged: the means cover the downloads cancel() reached.
        let reached = try report.value("handler", "handler_downloads_reached")
        let polled = try report.value("handler", "polling_downloads_reached")
        expect((0...5).contains(reached) && (0...5).contains(polled))
        guard reached > 0, polled > 0 else { return }
        let handler = try report.value("handler", "handler_mean_latency_seconds")
        expect(handler.isFinite && handler >= 0)
        expectBelow(handler, (try report.value("handler", "polling_mean_latency_seconds")))
    }

    @Test func nothingOutlivesTheView() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["view-task"])
        try expectEqual(report.value("view-task", "cancelled_calls"), 1, "the request in flight was cancelled")
        try expectEqual(report.value("view-task", "in_flight_after"), 0)
        try expectEqual(report.value("view-task", "calls_after_task_ended"), 0)
        try expectBelow(report.value("view-task", "pages_loaded"), 12)
    }
}
