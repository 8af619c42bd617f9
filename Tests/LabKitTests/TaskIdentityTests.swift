import Foundation
import Testing

@testable import LabTimeline
@testable import LabTrace

/// A task's identity in a trace must be unique for the whole run: the runtime's own handle is
/// the task object's address, which the allocator gives to the next task once one ends.
/// Each test's root is a detached task: Swift Testing names the tasks it runs tests in.
@Suite("Trace: every task has its own identity for the whole run")
struct TaskIdentityTests {
    static let count = 20

    @Test func twentyTasksOneAfterAnotherDrawTwentyLanes() async throws {
        let probe = Probe()
        await Task.detached {
            for index in 0..<Self.count {
                await Task { await probe.span("step \(index)") {} }.value
            }
        }.value
        let spans = probe.spans
        expectEqual(spans.count, Self.count)
        expectEqual(Set(spans.map(\.lane)).count, Self.count)
        expectEqual(Set(spans.compactMap(\.task)).count, Self.count)
        expectEqual(TaskTree(spans: spans).flattened.count, Self.count)
        try expectEqual(chromeTaskIDs(spans).count, Self.count)
        try expectEqual(chromeThreads(spans).count, Self.count)
    }

    @Test func tasksStartedInsideATracedScopeOneAfterAnotherAreStillDistinct() async {
        // They inherit the parent's identity as a task-local; each must get its own.
        let probe = Probe()
        await Task.detached {
            await probe.withTaskIdentity {
                await probe.span("parent") {
                    for index in 0..<Self.count {
                        await Task { await probe.span("child \(index)") {} }.value
                    }
                }
            }
        }.value
        let lanes = Set(probe.spans.map(\.lane))
        expectEqual(lanes.count, Self.count + 1)
        let tree = TaskTree(spans: probe.spans)
        expectEqual(tree.flattened.count, Self.count + 1)
    }

    @Test func concurrentChildrenEachGetALane() async {
        let probe = Probe()
        await Task.detached {
            await probe.span("parent") {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<Self.count { group.addTask { await probe.span("child \(index)") {} } }
                }
            }
        }.value
        let spans = probe.spans
        expectEqual(Set(spans.map(\.task)).count, Self.count + 1)
        let tree = TaskTree(spans: spans)
        expectEqual(tree.roots.count, 1)
        expectEqual(tree.roots.first?.children.count, Self.count)
    }

    @Test func nestedChildrenGrandchildrenAndSequentialStepsKeepTheirOwnLanes() async {
        let probe = Probe()
        await Task.detached {
            await probe.span("root") {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<4 {
                        group.addTask {
                            await probe.span("child \(index)") {
                                async let grandchild: Void = probe.span("grandchild \(index)") {}
                                await probe.span("child \(index) inner") {}
                                await grandchild
                            }
                        }
                    }
                }
            }
        }.value
        let spans = probe.spans
        // Typed once, outside #expect: `1 + 4 + 4` inside the macro took seconds to type-check.
        let rootChildrenAndGrandchildren: Int = 1 + 4 + 4
        let tasks: Set<Int> = Set(spans.compactMap(\.task))
        let lanes: Set<String> = Set(spans.map(\.lane))
        expectEqual(tasks.count, rootChildrenAndGrandchildren)
        expectEqual(lanes.count, rootChildrenAndGrandchildren)
        let tree = TaskTree(spans: spans)
        expectEqual(tree.flattened.count, rootChildrenAndGrandchildren)
        expectEqual(tree.flattened.map(\.depth).max(), 2)
        for index in 0..<4 {
            // A step nested in the child's own step is the child's, not a new task.
            let outer = spans.first { $0.name == "child \(index)" }
            let inner = spans.first { $0.name == "child \(index) inner" }
            expect(outer?.task != nil && outer?.task == inner?.task)
        }
    }

    @Test func aTaskThatBindsItsIdentityKeepsOneLaneAcrossSteps() async {
        let probe = Probe()
        await Task.detached {
            await probe.withTaskIdentity {
                await probe.span("first") {}
                probe.mark("between")
                await probe.span("second") { await probe.span("inner") {} }
            }
        }.value
        expectEqual(Set(probe.spans.map(\.lane)).count, 1)
        expectEqual(Set(probe.spans.map(\.task)).count, 1)
    }

    @Test func aTaskThatOutlivesTheScopeItWasStartedInIsNotItsParent() async {
        let probe = Probe()
        let (late, gate) = AsyncStream.makeStream(of: Void.self)
        let child = await Task.detached { () -> Task<Void, Never> in
            await probe.span("parent") {
                // Inherits the parent's identity; runs only after the parent's scope ended.
                Task {
                    for await _ in late { break }
                    await probe.span("child") {}
                }
            }
        }.value
        gate.yield()
        await child.value
        let spans = probe.spans
        expectEqual(spans.count, 2)
        expectEqual(Set(spans.map(\.task)).count, 2)
        expectEqual(Set(spans.map(\.lane)).count, 2)
    }

    private func chromeEvents(_ spans: [Span]) throws -> [[String: Any]] {
        let data = try ChromeTraceExporter.export([.init(name: "run", spans: spans)])
        let document = try unwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try unwrap(document["traceEvents"] as? [[String: Any]])
    }

    private func chromeTaskIDs(_ spans: [Span]) throws -> Set<Int> {
        Set(try chromeEvents(spans).compactMap { ($0["args"] as? [String: Any])?["task"] as? Int })
    }

    private func chromeThreads(_ spans: [Span]) throws -> Set<Int> {
        Set(
            try chromeEvents(spans).filter { $0["ph"] as? String == "X" || $0["ph"] as? String == "i" }.compactMap {
                $0["tid"] as? Int
            })
    }
}
