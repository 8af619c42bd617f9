import Foundation
import Testing
@testable import LabKit
@testable import Lessons

@Suite("cancellation lesson", .serialized)
@MainActor
struct CancellationLessonTests {
    @Test func cancellingTheHandleStopsTheDownloadWithCancellationError() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["task-handle"])
        #expect(try report.figure("task-handle", "download_outcome").text == "CancellationError")
        // cancel() lands mid-way through page 3, a full second of source time from either end.
        #expect(try report.value("task-handle", "download_cancelled_calls") == 1)
        #expect(try report.value("task-handle", "pages_before_cancel") < 10)
        #expect(try report.value("task-handle", "group_cancelled_calls") >= 1)
    }

    @Test func aLoopThatNeverChecksRunsToTheEnd() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["cooperative"])
        #expect(try report.value("cooperative", "unchecked_chunks") == 100)
        #expect(try report.value("cooperative", "checked_chunks") < 100)
        #expect(try report.value("cooperative", "checked_latency_seconds") < report.value("cooperative", "unchecked_latency_seconds"))
    }

    @Test func theHandlerReachesTheDownloadBeforePollingDoes() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["handler"])
        let handler = try report.value("handler", "handler_mean_latency_seconds")
        #expect(handler.isFinite, "every handler cancel reached the download")
        #expect(handler < (try report.value("handler", "polling_mean_latency_seconds")))
    }

    @Test func nothingOutlivesTheView() async throws {
        let report = try await LessonHarness.run(CancellationLesson(), ["view-task"])
        #expect(try report.value("view-task", "cancelled_calls") == 1, "the request in flight was cancelled")
        #expect(try report.value("view-task", "in_flight_after") == 0)
        #expect(try report.value("view-task", "calls_after_task_ended") == 0)
        #expect(try report.value("view-task", "pages_loaded") < 12)
    }
}
