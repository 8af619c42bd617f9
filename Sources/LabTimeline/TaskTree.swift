import Foundation
import LabConsole
import LabCore
import LabTrace

/// The tasks of a trace as a tree: each lane is a task; a task's parent is the task whose
/// span enclosed its first span (the enclosing span travels into child tasks as a task
/// local). Built from the spans alone, so it works on Linux, where no tool shows Swift's
/// task tree (Instruments is macOS-only).
public struct TaskTree: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The task's lane: its name in the trace.
        public let name: String
        /// Where its first step ran; nil for a task known only by its children's lane names.
        public let isolation: Isolation?
        public let start: Double
        public let end: Double
        public let ending: Ending
        public var children: [Node]
        /// Code that ran outside any task (a completion handler, a watchdog's thread): a thread's
        /// lane, not a task's, which neither returns nor runs on an executor.
        public var isOutsideAnyTask = false
    }

    /// How a task ended, from its spans: its last step that threw or was cancelled, unless a
    /// step started after it (the task went on); `unknown` for a task that traced no step.
    public enum Ending: String, Sendable, Equatable {
        /// `unfinished`: its last step never ended (its process was stopped).
        case returned, threw, cancelled, unfinished, unknown
    }

    public let roots: [Node]

    public init(spans: [Span]) {
        let ordered = spans.sorted { $0.start == $1.start ? $0.id < $1.id : $0.start < $1.start }
        var lanes: [String] = []
        var spansOfLane: [String: [Span]] = [:]
        for span in ordered {
            if spansOfLane[span.lane] == nil { lanes.append(span.lane) }
            spansOfLane[span.lane, default: []].append(span)
        }
        let laneOfSpan = Dictionary(ordered.map { ($0.id, $0.lane) }, uniquingKeysWith: { first, _ in first })
        var parentOfLane: [String: String] = [:]
        for lane in lanes {
            // 1. The first span of the lane whose enclosing span is in another lane names the parent.
            if let parent = spansOfLane[lane]?.lazy.compactMap({ $0.parent.flatMap { laneOfSpan[$0] } }).first(where: {
                $0 != lane
            }),
                !Self.descends(parent, from: lane, parents: parentOfLane)
            {
                parentOfLane[lane] = parent
            }
        }
        // 2. Otherwise the lane's own name: `withLane` composes "async let › Curiosity" inside
        // "async let". A parent that traced no step of its own is still a node.
        var index = 0
        while index < lanes.count {
            let lane = lanes[index]
            if parentOfLane[lane] == nil, let cut = lane.range(of: " › ", options: .backwards) {
                let parent = String(lane[..<cut.lowerBound])
                if !lanes.contains(parent) { lanes.append(parent) }
                if !Self.descends(parent, from: lane, parents: parentOfLane) { parentOfLane[lane] = parent }
            }
            index += 1
        }
        func node(_ lane: String) -> Node {
            let own = spansOfLane[lane] ?? []
            let children = lanes.filter { parentOfLane[$0] == lane }.map(node)
            var ending = Ending.unknown
            if !own.isEmpty {
                ending = .returned
                if let last = own.last(where: { $0.outcome != nil }),
                    !own.contains(where: { $0.start > last.end && $0.duration > 0 })
                {
                    ending =
                        switch last.outcome {
                        case .failed: .threw
                        case .unfinished: .unfinished
                        case .cancelled, nil: .cancelled
                        }
                }
            }
            let starts = own.map(\.start) + children.map(\.start)
            let ends = own.map(\.end) + children.map(\.end)
            var made = Node(
                name: lane, isolation: own.first?.ranOn, start: starts.min() ?? 0, end: ends.max() ?? 0,
                ending: ending, children: children)
            made.isOutsideAnyTask = !own.isEmpty && own.allSatisfy(\.ranOutsideAnyTask)
            return made
        }
        roots = lanes.filter { parentOfLane[$0] == nil }.map(node)
    }

    /// Whether `lane` is already an ancestor of `candidate` (a cycle would follow).
    private static func descends(_ candidate: String, from lane: String, parents: [String: String]) -> Bool {
        var current: String? = candidate
        while let name = current {
            if name == lane { return true }
            current = parents[name]
        }
        return false
    }

    /// Every node, depth first, with its depth.
    public var flattened: [(depth: Int, node: Node)] {
        func walk(_ node: Node, _ depth: Int) -> [(depth: Int, node: Node)] {
            [(depth, node)] + node.children.flatMap { walk($0, depth + 1) }
        }
        return roots.flatMap { walk($0, 0) }
    }

    /// The tree drawn for a terminal: one row per task, its isolation, span and ending.
    public func render(on terminal: Terminal) -> String {
        var table = Table(headers: ["task", "ran on", "start", "end", "ended"], rightAligned: [2, 3])
        func walk(_ node: Node, prefix: String, isLast: Bool, isRoot: Bool) {
            let branch = isRoot ? "" : prefix + (isLast ? "└─ " : "├─ ")
            let ending =
                switch node.ending {
                case .returned: "returned"
                case .threw: terminal.paint("threw ✗", .red)
                case .cancelled: terminal.paint("cancelled ⊘", .yellow)
                case .unfinished: terminal.paint("never ended ■", .red)
                case .unknown: "—"
                }
            let name =
                node.name.range(of: " › ", options: .backwards).map { String(node.name[$0.upperBound...]) } ?? node.name
            table.append([
                branch + (isRoot ? node.name : name),
                node.isOutsideAnyTask ? "its own thread" : node.isolation?.description ?? "—",
                node.start.formattedAsDuration, node.end.formattedAsDuration, node.isOutsideAnyTask ? "—" : ending,
            ])
            let childPrefix = isRoot ? "" : prefix + (isLast ? "   " : "│  ")
            for (index, child) in node.children.enumerated() {
                walk(child, prefix: childPrefix, isLast: index == node.children.count - 1, isRoot: false)
            }
        }
        for root in roots { walk(root, prefix: "", isLast: true, isRoot: true) }
        return table.render(on: terminal)
    }
}
