import Foundation
import LabCore
import LabTrace

extension TimelineLayout {
    /// The task view: one lane per task of the trace, in the task tree's order, each nested
    /// under its parent and named as `--tree` names it.
    /// `frames`: when the UI loop drew a frame, shown as a strip above the tasks.
    /// `plotWidth`: the time axis at most this long, to line up with the thread view's.
    public static func tasks(_ spans: [Span], frames: [Double] = [], plotWidth: Double? = nil) -> TimelineLayout {
        let tree = TaskTree(spans: spans)
        var spansOfLane: [String: [Span]] = [:]
        for span in spans { spansOfLane[span.lane, default: []].append(span) }
        // A priority is worth a mark only where tasks of the run differ in it.
        let priorityOfLane = spansOfLane.mapValues { $0.min { $0.start < $1.start }?.priority }
        let showsPriority = Set(priorityOfLane.values.compactMap { $0 }).count > 1
        let inputs = tree.flattened.map { depth, node in
            let short = node.name.range(of: " › ", options: .backwards).map { String(node.name[$0.upperBound...]) }
            var shown = (depth > 0 ? "└ " : "") + (short ?? node.name)
            if showsPriority, let name = TaskPriorityName.name(priorityOfLane[node.name] ?? nil) {
                shown += " ·\(name)"
            }
            return LaneInput(
                title: node.name, shownTitle: shown, depth: depth, spans: spansOfLane[node.name] ?? [],
                isBar: { _ in true })
        }
        return TimelineLayout(
            lanes: inputs, origin: min(0, spans.map(\.start).min() ?? 0),
            end: max(spans.map(\.end).max() ?? 0, frames.max() ?? 0), frames: frames, plotWidth: plotWidth)
    }
}
