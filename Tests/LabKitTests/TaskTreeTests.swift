import Foundation
import LabConsole
import Testing

@testable import LabCore
@testable import LabTimeline
@testable import LabTrace

@Suite("task tree: from spans to parent → children, with how each task ended")
struct TaskTreeTests {
    static func span(
        _ id: Int, _ lane: String, parent: Int? = nil, _ start: Double, _ end: Double,
        outcome: Span.Outcome? = nil, isolation: Isolation = .nonisolated
    ) -> Span {
        var span = Span(
            id: id, parent: parent, name: "step \(id)", lane: lane, kind: .step, isolation: isolation,
            start: start, end: end, startThread: 1, endThread: 1)
        span.outcome = outcome
        return span
    }

    @Test func anEnclosingSpanInAnotherLaneMakesItsTaskTheParent() {
        let tree = TaskTree(spans: [
            Self.span(0, "top-level task", 0, 1, isolation: .mainActor),
            Self.span(1, "child A", parent: 0, 0.1, 0.5),
            Self.span(2, "child B", parent: 0, 0.1, 0.7, outcome: .failed),
        ])
        expectEqual(tree.roots.map(\.name), ["top-level task"])
        expectEqual(tree.roots[0].isolation, .mainActor)
        expectEqual(tree.roots[0].children.map(\.name), ["child A", "child B"])
        expectEqual(tree.roots[0].children.map(\.ending), [.returned, .threw])
    }

    /// Code outside any task (a watchdog's thread, a completion handler) is a thread's lane: it
    /// ran on no executor and returned nothing, so its row says so, not "nonisolated, returned".
    @Test func aLaneOutsideAnyTaskIsDrawnAsAThreadNotATask() throws {
        var outside = Self.span(1, "outside any task", 0.5, 0.5)
        outside.task = 0
        var inTask = Self.span(0, "top-level task", 0, 1)
        inTask.task = 1
        let tree = TaskTree(spans: [inTask, outside])
        expectEqual(tree.roots.map(\.isOutsideAnyTask), [false, true])
        let rows = tree.render(on: .plain()).split(separator: "\n").map(String.init)
        let row = try #require(rows.first { $0.contains("outside any task") })
        expect(row.contains("its own thread") && !row.contains("returned") && !row.contains("nonisolated"), row)
        let top = try #require(rows.first { $0.contains("top-level task") })
        expect(top.contains("returned"), top)
    }

    /// One rule says which code ran outside any task, for the tree, the timeline and the page:
    /// the probe's task number 0, or, in a trace made before tasks had numbers, the lane's name.
    @Test(arguments: [
        (0 as Int?, "outside any task", true), (0, "semaphore process › outside any task", true),
        (nil, "outside any task", true), (nil, "top-level task", false), (3, "outside any task", false),
        (3, "top-level task", false),
    ])
    func codeOutsideAnyTaskIsToldByItsTaskNumberOrElseItsLane(task: Int?, lane: String, outside: Bool) {
        var span = Self.span(0, lane, 0, 1)
        span.task = task
        expectEqual(span.ranOutsideAnyTask, outside)
        expectEqual(ExecutionPlace(span) == .threadOfItsOwn, outside)
        // A composed lane ("semaphore process › …") is a child of its process's node.
        func nodes(_ node: TaskTree.Node) -> [TaskTree.Node] { [node] + node.children.flatMap(nodes) }
        let drawn = TaskTree(spans: [span]).roots.flatMap(nodes)
        expectEqual(drawn.contains(where: \.isOutsideAnyTask), outside)
        let timeline = TimelineRenderer(terminal: .plain(width: 100)).render([span])
        expectEqual(timeline.contains("its own thread"), outside, timeline)
    }

    @Test func composedLaneNamesNestEvenWithoutAnEnclosingStep() {
        let tree = TaskTree(spans: [
            Self.span(0, "async let › Curiosity", 0, 1),
            Self.span(1, "async let › Spirit", 0, 2, outcome: .cancelled),
        ])
        expectEqual(tree.flattened.map(\.depth), [0, 1, 1])
        let parent = tree.roots[0]
        expect(parent.name == "async let" && parent.isolation == nil && parent.ending == .unknown)
        expect(parent.start == 0 && parent.end == 2, "a task known by its children spans them")
        expectEqual(parent.children.map(\.ending), [.returned, .cancelled])
    }

    @Test func aTaskThatWentOnAfterACancelledStepReturned() {
        let tree = TaskTree(spans: [
            Self.span(0, "worker", 0, 1, outcome: .cancelled),
            Self.span(1, "worker", 1.5, 1.5),  // an instant marker does not count as going on
        ])
        expectEqual(tree.roots[0].ending, .cancelled)
        let wentOn = TaskTree(spans: [
            Self.span(0, "worker", 0, 1, outcome: .cancelled), Self.span(1, "worker", 1.5, 2),
        ])
        expectEqual(wentOn.roots[0].ending, .returned)
    }

    @Test func aParentCycleIsNeverBuilt() {
        // Two lanes whose spans each name the other's as enclosing: the second link is refused.
        let tree = TaskTree(spans: [
            Self.span(0, "a", 0, 1),
            Self.span(1, "b", parent: 0, 0.1, 0.5),
            Self.span(2, "a", parent: 1, 0.2, 0.3),
        ])
        expectEqual(tree.flattened.count, 2, "each task once")
        expectEqual(tree.roots.count, 1)
    }

    @Test func theRenderingDrawsBranchesAndEndings() {
        let tree = TaskTree(spans: [
            Self.span(0, "group", 0, 1, isolation: .mainActor),
            Self.span(1, "group › one", parent: 0, 0.1, 0.5),
            Self.span(2, "group › two", parent: 0, 0.1, 0.7, outcome: .cancelled),
        ])
        let text = tree.render(on: .plain())
        expect(text.contains("├─ one") && text.contains("└─ two"))
        expect(text.contains("cancelled ⊘") && text.contains("main actor"))
    }

    @Test func theChromeTraceLinksEachChildTaskToItsParent() throws {
        let spans = [Self.span(0, "parent", 0, 1), Self.span(1, "child", parent: 0, 0.2, 0.4)]
        let data = try ChromeTraceExporter.export([.init(name: "run", spans: spans)])
        let events = try unwrap(
            (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["traceEvents"] as? [[String: Any]])
        let flows = events.filter { $0["cat"] as? String == "task-tree" }
        expectEqual(flows.map { $0["ph"] as? String }, ["s", "f"])
        expect(flows[0]["id"] as? Int == flows[1]["id"] as? Int)
        expect(flows[0]["tid"] as? Int != flows[1]["tid"] as? Int, "from the parent's track to the child's")
    }
}
