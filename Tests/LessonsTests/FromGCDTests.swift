import Foundation
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit
@testable import Lessons

@Suite("from-gcd lesson", .serialized)
@MainActor
struct FromGCDTests {
    @Test func theQueueAndTheActorKeepEveryFavoriteAndTheGroupsAgree() async throws {
        let report = try await LessonHarness.run(FromGCDLesson(), ["serial-queue", "dispatch-group"])
        let expected = Double(SerialQueueVariant.callers * SerialQueueVariant.addsPerCaller)
        try expectEqual(report.value("serial-queue", "queue_kept"), expected)
        try expectEqual(report.value("serial-queue", "actor_kept"), expected)
        try expectEqual(report.value("dispatch-group", "same_results"), 1)
        // Each waits out its 100 ms loads. How much they overlapped is the machine's luck (a
        // stalled machine can take longer than the four one after another): the sentence must say
        // which, each outcome forced below; a task group's children waiting at once is proved by
        // rendezvous in TaskGroupsLessonTests.
        let group = try report.value("dispatch-group", "group_seconds")
        let tasks = try report.value("dispatch-group", "task_group_seconds")
        expectAtLeast(group, 0.1)
        expectAtLeast(tasks, 0.1)
        let sequential = DispatchGroupVariant.latency.seconds * Double(DispatchGroupVariant.rovers.count)
        let narration = try unwrap(report.variants.first { $0.name == "dispatch-group" }?.narration).joined(
            separator: "\n")
        expectEqual(
            narration.contains("Both loaded the rovers at once"), group < sequential / 2 && tasks < sequential / 2,
            narration)
    }

    @Test func theSemaphoreBridgeHangsWhenEveryPoolThreadWaits() async throws {
        let report = try await LessonHarness.run(FromGCDLesson(), ["semaphore-bridge"])
        try expectAtLeast(report.value("semaphore-bridge", "pool_width"), 1)
        try expectEqual(report.value("semaphore-bridge", "all_threads_finished"), 0)
        try expectAtLeast(
            report.value("semaphore-bridge", "all_threads_seconds"), SemaphoreBridgeVariant.timeLimit.seconds)
    }

    @Test func mainQueueSyncFromTheMainActorNeverFinishes() async throws {
        let report = try await LessonHarness.run(FromGCDLesson(), ["main-queue-sync"])
        try expectEqual(report.value("main-queue-sync", "main_sync_finished"), 0)
    }

    @Test func theSerialQueueSentencesFollowTheFigures() {
        let faster = SerialQueueNarration.sentences(
            queueKept: 10, actorKept: 10, expected: 10, queueSeconds: 0.3, actorSeconds: 0.1)
        expectContains(faster[0], "Both kept all 10")
        expectContains(faster[1], "actor was also 3×")
        let slower = SerialQueueNarration.sentences(
            queueKept: 10, actorKept: 10, expected: 10, queueSeconds: 0.1, actorSeconds: 0.3)
        expectContains(slower[1], "The queue was faster here")
        let close = SerialQueueNarration.sentences(
            queueKept: 10, actorKept: 10, expected: 10, queueSeconds: 0.1, actorSeconds: 0.105)
        expectContains(close[1], "close")
        let lost = SerialQueueNarration.sentences(
            queueKept: 9, actorKept: 10, expected: 10, queueSeconds: 0.1, actorSeconds: 0.1)
        expectContains(lost[0], "The queue kept 9 and the actor 10 of 10")
    }

    @Test func theDispatchGroupSentencesFollowTheFigures() {
        let overlapped = DispatchGroupNarration.sentences(
            groupSeconds: 0.11, taskSeconds: 0.1, sequential: "400 ms", sequentialSeconds: 0.4, same: true)
        expectContains(overlapped[0], "Both loaded the rovers at once")
        expectContains(overlapped[1], "Same results")
        let busy = DispatchGroupNarration.sentences(
            groupSeconds: 0.3, taskSeconds: 0.1, sequential: "400 ms", sequentialSeconds: 0.4, same: false)
        expectContains(busy[0], "too busy to overlap")
        expectContains(busy[1], "differed")
    }

    @Test func theSemaphoreSentencesFollowBothRuns() {
        typealias Run = SemaphoreBridgeVariant.Run
        let hung = Run(width: 2, tasks: 2, finished: false, seconds: 3.01)
        let freed = Run(width: 2, tasks: 1, finished: true, seconds: 0.25)
        let usual = SemaphoreNarration.sentences(all: hung, fewer: freed)
        expect(usual[0].contains("never finished") && usual[0].contains("3.01 s"))
        expectContains(usual[1], "one thread free), it finished")
        let oneThread = SemaphoreNarration.sentences(
            all: Run(width: 1, tasks: 1, finished: false, seconds: 3, blocked: 1), fewer: nil)
        expectContains(oneThread[0], "With 1 task waiting, on a pool of 1 thread, the child never finished")
        expect(oneThread[0].contains("The pool's only thread was blocked") && !oneThread[0].contains("Every thread"))
        expectContains(oneThread[0], "and the task that would signal")
        expectContains(oneThread[1], "a single call from async code is enough")
        let narrower = SemaphoreNarration.sentences(
            all: Run(width: 1, tasks: 2, finished: false, seconds: 3),
            fewer: Run(width: 1, tasks: 1, finished: false, seconds: 3))
        expect(narrower[1].contains("hung too") && narrower[1].contains("the probe measured 1"))
        expectContains(narrower[1], "left no thread free")
        let lucky = SemaphoreNarration.sentences(
            all: Run(width: 1, tasks: 2, finished: true, seconds: 0.3),
            fewer: Run(width: 1, tasks: 1, finished: true, seconds: 0.3))
        expectContains(lucky[0], "the hazard did not show")
        expectEqual(lucky.count, 2, "nothing said about one fewer when even every thread did not hang: \(lucky)")
    }

    @Test func theMainQueueSyncSentenceFollowsTheChildsOutcome() {
        expectContains(MainQueueSyncNarration.sentences(.deadlocked(seconds: 3.0))[0], "deadlocked")
        expectContains(
            MainQueueSyncNarration.sentences(.crashed(summary: "stopped by signal 4"))[0], "stopped by signal 4")
        expectContains(MainQueueSyncNarration.sentences(.finished)[0], "Do not rely on it")
    }

    /// A5, C2: the width is the one the hang measured (threads held in wait()), not the quick
    /// probe's, which saw 1 beside a CPU hog while two tasks blocked and one task finished.
    @Test func theSemaphoreSentencesUseTheWidthTheHangMeasured() {
        typealias Run = SemaphoreBridgeVariant.Run
        let hog = Run(width: 1, tasks: 2, finished: false, seconds: 3.01, blocked: 2)
        expectEqual(hog.measuredWidth, 2, "two threads were held: the probe's 1 undercounted")
        let freed = Run(width: 1, tasks: 1, finished: true, seconds: 1.04, blocked: 1)
        expectEqual(freed.measuredWidth, nil, "a child that finished did not measure the width")
        let lines = SemaphoreNarration.sentences(all: hog, fewer: freed)
        expectContains(lines[0], "With 2 tasks waiting, one per pool thread")
        expectContains(lines[1], "found a free pool thread")
        // Two tasks started but only one got into wait() before the hang: a pool of one thread.
        let narrow = SemaphoreNarration.sentences(
            all: Run(width: 2, tasks: 2, finished: false, seconds: 3, blocked: 1),
            fewer: Run(width: 2, tasks: 1, finished: false, seconds: 3, blocked: 1))
        expectNotContains(narrow[0], "one per pool thread", "\(narrow[0])")
        expectContains(narrow[0], "With 2 tasks waiting, on a pool of 1 thread (only 1 task got into wait())")
        expectContains(narrow[1], "hung too, 1 of them in wait() when it was stopped")
        // The user's one-thread pool: the second child gets one fewer than the width the first
        // measured, so none runs and the lesson says a single call hangs.
        let oneHeld = Run(width: 2, tasks: 2, finished: false, seconds: 3.02, blocked: 1)
        expectEqual(SemaphoreBridgeVariant.fewerTasks(after: oneHeld), nil)
        let oneHeldLines = SemaphoreNarration.sentences(all: oneHeld, fewer: nil)
        expectContains(oneHeldLines[0], "on a pool of 1 thread (only 1 task got into wait())")
        expectContains(oneHeldLines[1], "no \"one fewer\"")
        expectEqual(SemaphoreBridgeVariant.fewerTasks(after: hog), 1, "two held: one fewer is one")
        expectEqual(SemaphoreBridgeVariant.fewerTasks(after: Run(width: 2, tasks: 3, finished: false, seconds: 3)), 2)
        expectEqual(SemaphoreBridgeVariant.fewerTasks(after: Run(width: 1, tasks: 2, finished: true, seconds: 0.3)), 1)
        let read = SemaphoreBridgeVariant.parse("pool width 1, tasks 2\nblocked 1\nblocked 2\n", seconds: 3)
        expect(read.blocked == 2 && read.measuredWidth == 2 && read.width == 1)
    }

    @Test func theBridgeChildsOutputIsReadBack() {
        let run = SemaphoreBridgeVariant.parse("pool width 2, tasks 1\nfinished\n", seconds: 0.2)
        expectEqual(run, .init(width: 2, tasks: 1, finished: true, seconds: 0.2))
        expect(!SemaphoreBridgeVariant.parse("pool width 2, tasks 2\n", seconds: 3).finished)
    }
}
