import Foundation
import Testing

@testable import LabCore
@testable import Lessons

@Suite("task-groups lesson", .serialized)
@MainActor
struct TaskGroupsLessonTests {
    @Test func fiveTasksWaitTogether() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["five-tasks"])
        try expectEqual(report.value("five-tasks", "max_overlap"), 5)
        let order = try report.figure("five-tasks", "completion_order").text ?? ""
        expectEqual(
            Set(order.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }),
            [
                "1", "2", "3", "4", "5",
            ])
    }

    @Test func latestPhotosFansOutAfterTheRoverList() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["latest-photos"])
        let steps = report.steps("latest-photos")
        let list = try unwrap(steps.first { $0.name == "allRovers()" })
        let children = steps.filter { $0.name.hasPrefix("latestPhotos(") }
        expectEqual(children.count, 4)
        expect(children.allSatisfy { $0.startSeconds >= list.end }, "children start after the list arrives")
        try expectEqual(report.value("latest-photos", "max_in_flight"), 4)
        try expectEqual(report.value("latest-photos", "photos"), 3, "Spirit's failure became nil")
    }

    @Test func aFailingChildCancelsItsSiblings() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["failing-child"])
        let siblings = try report.value("failing-child", "siblings")
        let cancelled = try report.value("failing-child", "siblings_cancelled")
        // How many were cancelled is the run's luck (a sibling may answer before a late group
        // cancels it); MarsDataTests proves the cancel with siblings that cannot answer first.
        expectAtLeast(siblings, 1)
        expectEqual(cancelled + (try report.value("failing-child", "siblings_completed")), siblings)
        try expectEqual(report.figure("failing-child", "error").text, "service unavailable")
    }

    @Test func theSiblingsSentenceFollowsHowManyWereCancelled() {
        expectContains(FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 3), "nobody waited")
        let some = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 2)
        expect(some.contains("2 were cancelled") && some.contains("1 had already answered"))
        let none = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 0)
        expect(none.contains("None of the 3") && !none.contains("nobody waited"))
        let one = FailingChildVariant.siblingsSentence(siblings: 3, cancelled: 1)
        expect(one.contains("1 was cancelled") && one.contains("2 had already answered"))
        expectContains(FailingChildVariant.siblingsSentence(siblings: 1, cancelled: 1), "1 was cancelled")
    }

    @Test func blockingChildrenFinishInWavesSuspendingOnesTogether() async throws {
        // The shared run, at the shared scale: the waits are 250 ms, so a second suspending wave
        // needs a task woken 125 ms late (at 0.02, 50 ms was enough). The lesson's sentence for
        // that run is tested apart (OneCPUWordsTests).
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["executor-width"])
        let width = try report.value("executor-width", "executor_width")
        try expectEqual(report.value("executor-width", "suspending_waves"), 1)
        if width < 5 {
            try expectAtLeast(report.value("executor-width", "blocking_waves"), 2)
        }
    }

    @Test func theWindowNeverExceedsK() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["sliding-window"])
        try expectEqual(
            report.value("sliding-window", "window_max_in_flight"), report.value("sliding-window", "window"))
        try expectAbove(
            report.value("sliding-window", "unbounded_max_in_flight"), report.value("sliding-window", "window"))
    }

    @Test func aDiscardingGroupStillWaitsForEveryChild() async throws {
        let report = try await LessonHarness.run(TaskGroupsLesson(), ["discarding"])
        try expectEqual(
            report.value("discarding", "cached_when_group_returned"), report.value("discarding", "children"))
        try expectAbove(report.value("discarding", "max_in_flight"), 1)
    }

    /// D7: the pages' counts explain a total below pages × page size (141 photos over 18 pages of 25).
    @Test func thePagesSentenceExplainsPartialAndEmptyPages() {
        let counts = [25, 25, 25, 25, 25, 16] + Array(repeating: 0, count: 12)
        let text = SlidingWindowVariant.pagesSentence(counts: counts, firstPage: 1, perPage: 25)
        expectContains(text, "The date had 141 photos, not 18 × 25")
        expectContains(text, "pages 1–5 came full (25 each), page 6 held 16 and pages 7–18 came back empty")
        let full = SlidingWindowVariant.pagesSentence(counts: [25, 25], firstPage: 1, perPage: 25)
        expectEqual(full, "All 2 pages came full, 25 photos each: 50 photos.")
    }
}
