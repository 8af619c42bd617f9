import Foundation
import LessonKit
import Testing

@testable import LabCore
@testable import Lessons

/// Task.immediate (SE-0472), task names (SE-0469) and withTaskPriorityEscalationHandler
/// (SE-0462) are in Swift 6.2's runtime: every Linux toolchain from 6.2 has it; on Apple
/// platforms it is part of macOS 26 / iOS 26 (Apple's documentation: "macOS 26.0+"), so on
/// macOS 15 those variants print one line naming the API instead, tested below.
enum Swift62Runtime {
    static var isPresent: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }
}

@Suite("task-apis: each API measured from inside the tasks")
@MainActor
struct TaskAPIsLessonTests {
    @Test(.enabled(if: Swift62Runtime.isPresent, "Task.immediate needs Swift 6.2's runtime (macOS 26)"))
    func immediateRunsItsBodyBeforeTheCallerGoesOnAndTaskQueuesIt() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["immediate"])
        // The action holds the main actor, so a queued body cannot start before its next line.
        try expectEqual(report.value("immediate", "ran_before_creator.task"), 0)
        try expectEqual(report.value("immediate", "ran_before_creator.immediate"), 1)
        try expectEqual(report.value("immediate", "ran_before_creator.immediate_nonisolated"), 1)
        expectEqual(
            report.environment.compileMode, CompileMode.ofTheLab.title, "the JSON names the mode its claims hold for")
    }

    @Test(.enabled(if: Swift62Runtime.isPresent, "Task.name needs Swift 6.2's runtime (macOS 26)"))
    func namesAreReadBackByTheNamedTasksOnlyAndLabelTheirLanes() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["task-names"])
        let expected = [
            "task": "load feed", "group_named_1": "thumbnail 1", "group_named_2": "thumbnail 2",
            "detached": "upload log", "async_let": "nil", "group_unnamed": "nil", "inner_task": "nil",
        ]
        for (key, name) in expected {
            try expectEqual(report.figure("task-names", "name_seen.\(key)").text, name, "\(key)")
        }
        let lanes = Set(report.steps("task-names").map(\.task))
        expect(lanes.isSuperset(of: ["load feed", "thumbnail 1", "thumbnail 2", "upload log"]), "\(lanes)")
        expect(lanes.contains { $0.hasPrefix("unnamed child task") })
        expect(!lanes.contains { $0.hasPrefix("top-level task") }, "every task here has a parent or a name")
    }

    @Test func theRequestIDReachesEveryStructuredChildAndTaskButNotDetached() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["task-locals"])
        let expected = [
            "handler": "req-7", "async_let": "req-7", "group_child_1": "req-7", "group_child_2": "req-7",
            "rebound": "req-7/retry", "rebound_child": "req-7/retry", "after_rebinding": "req-7",
            "detached": "nil", "detached_passed": "req-7", "outside": "nil", "task_after_scope": "req-7",
        ]
        for (key, id) in expected {
            try expectEqual(report.figure("task-locals", "request_id.\(key)").text, id, "\(key)")
        }
    }

    @Test func thePreferenceMovesNonisolatedWorkAndDefaultActorsButNotTheMainActorOrTask() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["executor-preference"])
        let expected = [
            "no_preference": 0.0, "body": 1, "concurrent": 1, "group_child": 1, "async_let": 1,
            "default_actor": 1, "main_actor": 0, "unstructured": 0, "task_preference": 1,
        ]
        for (key, flag) in expected {
            try expectEqual(report.value("executor-preference", "on_executor.\(key)"), flag, "\(key)")
        }
    }

    @Test func aPinnedActorRunsOnlyOnItsExecutorsThreadAndLosesNoRow() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["serial-executor"])
        try expectEqual(report.value("serial-executor", "pinned_threads"), 1)
        try expectEqual(report.value("serial-executor", "pinned_on_executor"), 1)
        try expectAtLeast(report.value("serial-executor", "default_threads"), 1)
    }

    @Test(
        .enabled(if: Swift62Runtime.isPresent, "withTaskPriorityEscalationHandler needs Swift 6.2's runtime (macOS 26)")
    )
    func awaitingFromAHighTaskRaisesTheBackgroundTasksPriority() async throws {
        let report = try await LessonHarness.run(TaskAPIsLesson(), ["priority-escalation"])
        try expectEqual(report.value("priority-escalation", "escalated"), 1)
        try expectEqual(report.value("priority-escalation", "handler_called"), 1)
    }
}

@Suite("task-apis: every sentence follows the figures")
struct TaskAPIsNarrationTests {
    /// On a runtime without them (macOS 15) the three variants run and say so in one line.
    @Test(
        .enabled(
            if: !Swift62Runtime.isPresent,
            "this runtime has Swift 6.2's task APIs: the variants run them (tested above)"))
    @MainActor
    func anOlderRuntimeNamesTheAPIItLacks() async throws {
        for variant in ["immediate", "task-names", "priority-escalation"] {
            let report = try await LessonHarness.run(TaskAPIsLesson(), [variant])
            expectEqual(report.variants.count, 1, "\(variant) ran to its end")
        }
        expectEqual(
            TaskAPIsLesson.needsSwift62Runtime("Task.immediate"),
            "Task.immediate needs the Swift 6.2 runtime (macOS 26 / iOS 26): this system does not have it.")
    }

    @Test func immediateNarrationCoversEachOrder() {
        let atOnce = ImmediateVariant.narrate(
            "X", .init(ranBeforeCreatorWentOn: true, onCreatorsThread: true), creator: "caller")
        expectContains(atOnce, "at once, on the caller's thread")
        let raced = ImmediateVariant.narrate(
            "X", .init(ranBeforeCreatorWentOn: true, onCreatorsThread: false), creator: "caller")
        expect(raced.contains("on another thread") && !raced.contains("at once"))
        let queued = ImmediateVariant.narrate(
            "X", .init(ranBeforeCreatorWentOn: false, onCreatorsThread: true), creator: "caller")
        expectContains(queued, "only queued")
    }

    @Test func theOrderLogReadsWhoStartedFirst() {
        let log = ImmediateVariant.OrderLog()
        log.write("caller", "create")
        log.write("task", "first line")
        log.write("caller", "next")
        expectEqual(
            log.start(of: "task", creatorNext: "next"), .init(ranBeforeCreatorWentOn: true, onCreatorsThread: true))
        expectEqual(log.start(of: "missing", creatorNext: "next"), nil)
    }

    @Test func namesNarrationSaysWhichReadNil() {
        typealias S = TaskNamesVariant.Sighting
        let mixed = TaskNamesVariant.narrate([
            S(key: "a", createdWith: "Task(name: a)", nameInside: "a"),
            S(key: "b", createdWith: "async let", nameInside: nil),
        ])
        expect(mixed.contains("read it back: Task(name: a)") && mixed.contains("Read nil: async let"))
        let none = TaskNamesVariant.narrate([S(key: "a", createdWith: "Task(name: a)", nameInside: nil)])
        expect(none.hasPrefix("No task read a name"))
        let all = TaskNamesVariant.narrate([S(key: "a", createdWith: "Task(name: a)", nameInside: "a")])
        expectNotContains(all, "Read nil")
    }

    @Test func taskLocalNarrationFollowsEachLine() {
        typealias L = TaskLocalsVariant.Line
        let good = [
            L(key: "async_let", place: "async let", requestID: "r"),
            L(key: "group_child_1", place: "g", requestID: "r"),
            L(key: "rebound", place: "rb", requestID: "r/retry"),
            L(key: "after_rebinding", place: "ar", requestID: "r"),
            L(key: "detached", place: "d", requestID: nil), L(key: "detached_passed", place: "dp", requestID: "r"),
            L(key: "outside", place: "o", requestID: nil),
        ]
        let text = TaskLocalsVariant.narrate(good, bound: "r")
        expect(text.contains("though nobody passed it") && text.contains("held for its scope"))
        expect(text.contains("Task.detached read nil") && text.contains("given the id"))
        let bad = [
            L(key: "async_let", place: "async let", requestID: nil), L(key: "detached", place: "d", requestID: "r"),
        ]
        let wrong = TaskLocalsVariant.narrate(bad, bound: "r")
        expect(wrong.contains("The structured children read async let: nil") && wrong.contains("unexpected"))
        expectNotContains(wrong, "though nobody passed it")
    }

    @Test func afterScopeSentenceFollowsWhatTheLateTaskRead() {
        typealias L = TaskLocalsVariant.Line
        expectEqual(
            TaskLocalsVariant.afterScope(L(key: "k", place: "p", requestID: "r"), bound: "r")?.contains("still read r"),
            true)
        expectEqual(
            TaskLocalsVariant.afterScope(L(key: "k", place: "p", requestID: nil), bound: "r")?.contains("did not keep"),
            true)
        expectEqual(TaskLocalsVariant.afterScope(nil, bound: "r"), nil)
    }

    @Test func executorReasonsAreGivenOnlyWhenTheRunAgrees() {
        typealias P = ExecutorPreferenceVariant.Placement
        expectEqual(
            ExecutorPreferenceVariant.reason(
                for: P(key: "main_actor", call: "m", isolation: .mainActor, onExecutorThread: false)),
            "keeps its own executor")
        expectEqual(
            ExecutorPreferenceVariant.reason(
                for: P(key: "main_actor", call: "m", isolation: .mainActor, onExecutorThread: true)),
            "not what SE-0417 describes")
        let text = ExecutorPreferenceVariant.narrate(
            [
                P(key: "a", call: "a()", isolation: .nonisolated, onExecutorThread: true),
                P(key: "b", call: "b()", isolation: .nonisolated, onExecutorThread: false),
            ],
            executorName: "io")
        expectEqual(text, "1 of 2 calls ran on io's thread. Not: b().")
    }

    @Test func serialExecutorNarrationCoversEachCostAndPlacement() {
        typealias R = SerialExecutorVariant.Run
        let rows = SerialExecutorVariant.tasks * SerialExecutorVariant.callsPerTask
        let dear = SerialExecutorVariant.narrate(
            pinned: R(threads: 1, onExecutorThread: true, rows: rows, secondsPerCall: 10e-6),
            shared: R(threads: 2, onExecutorThread: false, rows: rows, secondsPerCall: 1e-6))
        expect(dear.contains { $0.contains("10×") } && dear.contains { $0.contains("2 different threads") })
        expect(dear.contains { $0.contains("all \(rows) rows") })
        let cheap = SerialExecutorVariant.narrate(
            pinned: R(threads: 1, onExecutorThread: true, rows: rows, secondsPerCall: 1e-6),
            shared: R(threads: 1, onExecutorThread: false, rows: rows, secondsPerCall: 2e-6))
        expect(cheap.contains { $0.contains("cheaper") } && cheap.contains { $0.contains("one thread too") })
        let even = SerialExecutorVariant.narrate(
            pinned: R(threads: 2, onExecutorThread: false, rows: rows - 1, secondsPerCall: 1e-6),
            shared: R(threads: 2, onExecutorThread: false, rows: rows, secondsPerCall: 1.2e-6))
        expect(even.contains { $0.contains("about the same") } && even.contains { $0.contains("unexpected") })
        expect(!even.contains { $0.contains("rows:") || $0.contains("all \(rows) rows") })
    }

    @Test func escalationNarrationCoversEachThreadOutcome() {
        typealias M = PriorityEscalationVariant.Moment
        func seen(_ ranks: (Int, Int, Int), raised: Bool = true) -> PriorityEscalationVariant.Observation {
            .init(
                start: M(taskPriority: .background, thread: .init(rank: ranks.0, description: "p\(ranks.0)")),
                whileRunning: M(
                    taskPriority: raised ? .high : .background, thread: .init(rank: ranks.1, description: "p\(ranks.1)")
                ),
                afterResuming: M(
                    taskPriority: raised ? .high : .background, thread: .init(rank: ranks.2, description: "p\(ranks.2)")
                ),
                handlerSaw: raised ? (.background, .high) : nil)
        }
        expect(
            PriorityEscalationVariant.narrate(seen((-10, -10, 2))).contains { $0.contains("until the task suspended") })
        expect(PriorityEscalationVariant.narrate(seen((-10, 2, 2))).contains { $0.contains("boosted at once") })
        // taskset -c 0 beside a CPU hog: raised, yet resumed on a thread still at nice 10. Nothing
        // measured where the task waited, so its "place in the queue" is not claimed.
        let never = PriorityEscalationVariant.narrate(seen((0, 0, 0))).joined(separator: " ")
        expectContains(never, "never rose (p0, then p0, then p0): on this run the raise changed the task's priority")
        expectNotContains(never, "place in the queue")
        let flat = PriorityEscalationVariant.narrate(seen((0, 0, 0), raised: false))
        expect(flat.first?.contains("no escalation") == true && !flat.contains { $0.contains("handler") })
        // No raise: no sentence about what "the raise" did to the threads.
        expectNotContains(flat.joined(separator: " "), "raise")
        expectContains(flat.joined(separator: " "), "Its threads: p0 as it started, p0 while it ran")
        let flatButBoosted = PriorityEscalationVariant.narrate(seen((0, 2, 2), raised: false)).joined(separator: " ")
        expect(!flatButBoosted.contains("boosted at once") && !flatButBoosted.contains("took effect"))
    }
}
