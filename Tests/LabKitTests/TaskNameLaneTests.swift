import Foundation
import Testing

@testable import LabCore
@testable import LabTimeline
@testable import LabTrace

@Suite("Trace: a named task (SE-0469) draws in a lane of its name")
struct TaskNameLaneTests {
    /// Task(name:) and Task.name need the 6.2 runtime: on older Apple systems there is nothing to test.
    static var namesExist: Bool {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) { return true }
        return false
    }

    // Each test body runs in a detached task: Swift Testing names the tasks it runs tests in.
    @Test(.enabled(if: namesExist, "a task keeps its name only on Swift 6.2's runtime (macOS 26)"))
    func aNamedTaskGetsItsNameAsLaneNestedUnderTheLaneItStartedIn() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let probe = Probe()
        await Task.detached {
            await probe.withLane("screen") {
                await Task(name: "loader") { await probe.span("load") {} }.value
            }
        }.value
        expectEqual(probe.spans.map(\.lane), ["screen › loader"])
    }

    @Test(.enabled(if: namesExist, "a task keeps its name only on Swift 6.2's runtime (macOS 26)"))
    func aLabelTheTaskGivesItselfWinsOverItsName() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let probe = Probe()
        await Task(name: "loader") {
            await probe.withLane("own label") { await probe.span("load") {} }
        }.value
        expectEqual(probe.spans.map(\.lane), ["loader › own label"])
    }

    /// Swift Testing names the tasks it runs tests in from 6.3 (swift-testing PR #1305, merged
    /// after 6.2 branched); it ships with the toolchain, so the compiler's version tells.
    static var testingNamesItsTasks: Bool {
        #if compiler(>=6.3)
            return namesExist
        #else
            return false
        #endif
    }

    @Test(.enabled(if: testingNamesItsTasks, "Swift Testing names its tasks from 6.3 (and Task.name needs macOS 26)"))
    func aTestRunnersTaskNameIsALaneToo() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        // Swift Testing names the task a test runs in: proof that the probe reads real names.
        let probe = Probe()
        await probe.span("step") {}
        expectEqual(probe.spans.first?.lane.contains("aTestRunnersTaskNameIsALaneToo"), true)
    }

    @Test(.enabled(if: namesExist, "a task keeps its name only on Swift 6.2's runtime (macOS 26)"))
    func anUnnamedChildIsAChildNotATopLevelTask() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let probe = Probe()
        await Task.detached {
            await probe.span("parent") {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await probe.span("child") {} }
                    group.addTask(name: "named") { await probe.span("child") {} }
                }
            }
        }.value
        let lanes = Set(probe.spans.map(\.lane))
        expectEqual(lanes, ["top-level task", "unnamed child task", "named"])
        let tree = TaskTree(spans: probe.spans)
        expectEqual(tree.roots.map(\.name), ["top-level task"])
        expectEqual(Set(tree.roots[0].children.map(\.name)), ["unnamed child task", "named"])
    }
}

@Suite("DedicatedThreadExecutor: one thread, as serial and as task executor")
struct DedicatedThreadExecutorTests {
    actor Pinned {
        let executor: DedicatedThreadExecutor
        var count = 0
        init(_ executor: DedicatedThreadExecutor) { self.executor = executor }
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        func bump() -> Bool {
            count += 1
            return executor.isCurrentThread
        }
    }

    @Test func anActorOnItRunsEveryCallOnItsThreadAndLosesNone() async {
        let executor = DedicatedThreadExecutor(name: "test.serial")
        defer { executor.stop() }
        let actor = Pinned(executor)
        let allOnThread = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var ok = true
                    for _ in 0..<50 { ok = await actor.bump() && ok }
                    return ok
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        expect(allOnThread)
        #expect(await actor.count == 400)
        expectAtLeast(executor.jobsRun, 1)
        expect(!executor.isCurrentThread)
    }

    @Test func aPreferenceRunsNonisolatedWorkOnItsThread() async {
        let executor = DedicatedThreadExecutor(name: "test.task")
        defer { executor.stop() }
        @concurrent func here() async -> Bool { executor.isCurrentThread }
        #expect(await here() == false)
        #expect(await withTaskExecutorPreference(executor) { await here() })
    }

    /// Blocking work given to the executor runs on its thread whoever calls: from the main
    /// actor too. Its thread's id comes without a wait in `init` for the thread to start.
    @Test func blockingWorkRunsOnItsThreadEvenFromTheMainActor() async throws {
        let executor = DedicatedThreadExecutor(name: "test.blocking")
        defer { executor.stop() }
        @MainActor func fromTheMainActor() async throws -> (Bool, UInt64) {
            try await executor.blockingWork { (executor.isCurrentThread, currentThreadID()) }
        }
        let (onItsThread, thread) = try await fromTheMainActor()
        expect(onItsThread, "the work ran on the executor's thread")
        expectEqual(await executor.threadID, thread)
        expect(!executor.isCurrentThread)
    }

    /// Asked at once, or after the executor was stopped before its thread ran: never a hang
    /// (a job-based answer hung 5 times in 1,995 such rounds: a job enqueued after `stop()`
    /// never runs), and never 0, the id's value before the thread writes it.
    @Test(.timeLimit(.minutes(1))) func theThreadsIdComesEvenWhenStoppedAtOnce() async {
        var unknown = 0
        for _ in 0..<500 {
            let executor = DedicatedThreadExecutor(name: "test.id")
            executor.stop()
            if await executor.threadID == 0 { unknown += 1 }
        }
        expectEqual(unknown, 0)
    }

    @Test func stoppingFinishesQueuedJobsAndEndsTheThread() async {
        let executor = DedicatedThreadExecutor(name: "test.stop")
        let value = await Task(executorPreference: executor) { executor.isCurrentThread }.value
        executor.stop()
        expect(value)
    }
}
