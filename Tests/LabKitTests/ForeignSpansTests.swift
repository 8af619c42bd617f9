import Foundation
import Testing

@testable import LabConsole
@testable import LabCore
@testable import LabTimeline
@testable import LabTrace

/// A child process's trace drawn on its parent's timeline (`Probe.spans(forOriginAt:)` in the
/// child, `Probe.include` in the parent): times on the parent's clock, numbers of the parent's,
/// and a wait that never returned shown as such, not as one that returned.
@Suite("Spans from another process")
struct ForeignSpansTests {
    @Test func aChildsSpansLandOnTheParentsClockAndAStepStillRunningNeverEnded() async throws {
        // In a task without the test's name (Swift Testing names its tasks, and a lane takes a
        // task's name).
        try await Task.detached { try await Self.sendAndInclude() }.value
    }

    static func sendAndInclude() async throws {
        let parent = Probe()
        await parent.span("the parent's own step") {}
        // The child's probe starts later: its time 0 is the parent's time `later`.
        try await Task.sleep(for: .milliseconds(20))
        let child = Probe()
        let later = child.originOnSystemClock - parent.originOnSystemClock
        expectAbove(later, 0.015)
        await child.withLane("waiter 1") { await child.span("returned") {} }
        let stillRunning = Task.detached {
            await child.withLane("waiter 2") {
                await child.span("wait", kind: .suspending) { try? await Task.sleep(for: .seconds(60)) }
            }
        }
        defer { stillRunning.cancel() }
        while !child.spans.contains(where: { $0.name == "wait" }) { await Task.yield() }
        let sent = child.spans(forOriginAt: parent.originOnSystemClock)
        let returned = try #require(sent.first { $0.name == "returned" })
        let original = try #require(child.spans.first { $0.name == "returned" })
        expectAtMost(abs(returned.start - (original.start + later)), 0.002, "moved by the origins' difference")
        expectEqual(returned.outcome, nil)
        let wait = try #require(sent.first { $0.name == "wait" })
        expectEqual(wait.outcome, .unfinished)
        expectEqual(wait.endThread, wait.startThread, "a wait that never ended is still on the thread it began on")
        expectAtLeast(wait.end, wait.start)

        parent.include(sent, lanePrefix: "child process")
        let all = parent.spans
        expectEqual(all.count, 3)
        expectEqual(Set(all.map(\.id)).count, 3, "the child's numbers are the parent's own now")
        expectEqual(
            Set(all.map(\.lane)), ["top-level task", "child process › waiter 1", "child process › waiter 2"])
        let ownTask = all.first { $0.name == "the parent's own step" }?.task
        expect(!all.filter { $0.lane.hasPrefix("child process") }.contains { $0.task == ownTask })
        // The tree files them under the child's process and says the wait never ended.
        let tree = TaskTree(spans: all)
        let process = try #require(tree.roots.first { $0.name == "child process" })
        expectEqual(process.children.map(\.ending), [.returned, .unfinished])
        expectContains(tree.render(on: .plain()), "never ended ■")
    }

    @Test func aChildThatSentNothingAddsNothingAndRepeatedNumbersStayApart() {
        let probe = Probe()
        probe.include([], lanePrefix: "child process")
        expectEqual(probe.spans, [])
        // A sender's repeated number (no probe sends one, but a line is only text) is no crash,
        // and each span keeps a number of its own.
        let twin = Span(
            id: 7, parent: nil, name: "wait", lane: "waiter", kind: .step, isolation: .nonisolated, start: 0, end: 1,
            startThread: 1, endThread: 1)
        probe.include([twin, twin], lanePrefix: "child process")
        expectEqual(Set(probe.spans.map(\.id)).count, 2)
    }
}
