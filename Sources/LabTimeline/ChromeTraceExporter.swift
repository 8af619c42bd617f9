import Foundation
import LabCore
import LabTrace

/// Writes spans in the Chrome trace-event format ("JSON object format"), which
/// Perfetto (ui.perfetto.dev) and chrome://tracing open. Each run becomes a
/// process, each lane a thread, each span a complete ("X") event in microseconds.
public enum ChromeTraceExporter {
    public struct Run: Sendable {
        public let name: String
        public let spans: [Span]
        public init(name: String, spans: [Span]) {
            self.name = name
            self.spans = spans
        }
    }

    public static func export(_ runs: [Run]) throws -> Data {
        var events: [[String: Any]] = []
        for (runIndex, run) in runs.enumerated() {
            let pid = runIndex + 1
            events.append(["ph": "M", "name": "process_name", "pid": pid, "tid": 0, "args": ["name": run.name]])
            var lanes: [String] = []
            for span in run.spans where !lanes.contains(span.lane) { lanes.append(span.lane) }
            for (laneIndex, lane) in lanes.enumerated() {
                events.append([
                    "ph": "M", "name": "thread_name", "pid": pid, "tid": laneIndex + 1, "args": ["name": lane],
                ])
                events.append([
                    "ph": "M", "name": "thread_sort_index", "pid": pid, "tid": laneIndex + 1,
                    "args": ["sort_index": laneIndex],
                ])
            }
            for span in run.spans {
                var args: [String: Any] = [
                    "isolation": span.isolation.description,
                    "start_thread": span.startThread,
                    "end_thread": span.endThread,
                ]
                // The probe's task id, unique for the run: Perfetto shows it with the event.
                if let task = span.task { args["task"] = task }
                var event: [String: Any] = [
                    "name": span.name,
                    "cat": span.kind.rawValue,
                    "pid": pid,
                    "tid": (lanes.firstIndex(of: span.lane) ?? 0) + 1,
                    "ts": microseconds(span.start),
                    "args": args,
                ]
                if span.isInstant {
                    event["ph"] = "i"
                    event["s"] = "t"
                } else {
                    event["ph"] = "X"
                    event["dur"] = microseconds(span.duration)
                }
                events.append(event)
            }
            events += flowEvents(run.spans, pid: pid, tid: { (lanes.firstIndex(of: $0) ?? 0) + 1 })
        }
        let document: [String: Any] = ["traceEvents": events, "displayTimeUnit": "ms"]
        return try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
    }

    /// The task tree as flow arrows: from the span that started a child task's work to the
    /// child's first span ("s" then "f" events sharing an id), so Perfetto draws who spawned whom.
    static func flowEvents(_ spans: [Span], pid: Int, tid: (String) -> Int) -> [[String: Any]] {
        let byID = Dictionary(spans.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seenLanes = Set<String>()
        var events: [[String: Any]] = []
        for span in spans.sorted(by: { $0.start == $1.start ? $0.id < $1.id : $0.start < $1.start }) {
            guard seenLanes.insert(span.lane).inserted, let parent = span.parent.flatMap({ byID[$0] }),
                parent.lane != span.lane
            else { continue }
            let id = pid * 100_000 + span.id
            events.append([
                "ph": "s", "id": id, "name": "child task", "cat": "task-tree", "pid": pid, "tid": tid(parent.lane),
                "ts": microseconds(max(parent.start, min(span.start, parent.end))),
            ])
            events.append([
                "ph": "f", "bp": "e", "id": id, "name": "child task", "cat": "task-tree", "pid": pid,
                "tid": tid(span.lane),
                "ts": microseconds(span.start),
            ])
        }
        return events
    }

    private static func microseconds(_ seconds: Double) -> Double {
        (seconds * 1e6 * 1000).rounded() / 1000
    }
}
