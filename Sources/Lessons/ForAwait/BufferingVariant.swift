import Foundation
import LabConsole
import LabCore
import LessonKit

/// What a slow consumer gets under each buffering policy.
enum BufferingVariant {
    static let elements = 20
    static let size = 3

    static let variant = LessonVariant("buffering", title: "Buffering policies with a slow consumer") { context in
        let console = context.console
        console.paragraph(
            """
            A sensor sends a burst of \(elements) readings while the view is busy; then the view reads \
            them, \(context.describe(sourceSeconds: 0.2)) each. Until it does, the stream's buffer holds \
            them. The policy decides what happens when the buffer is full.
            """)
        let policies: [(String, String, AsyncStream<Int>.Continuation.BufferingPolicy)] = [
            ("unbounded", ".unbounded", .unbounded),
            ("oldest", ".bufferingOldest(\(size))", .bufferingOldest(size)),
            ("newest", ".bufferingNewest(\(size))", .bufferingNewest(size)),
        ]
        var table = Table(headers: ["policy", "received", "dropped", "deepest buffer"])
        for (key, name, policy) in policies {
            let outcome = await BufferingExperiment.run(
                policy: policy, elements: elements, work: context.work,
                probe: context.probe, label: key)
            table.append([name, compact(outcome.received), compact(outcome.dropped), "\(outcome.deepestBuffer)"])
            context.record("\(key)_received", "\(name): received", count: outcome.received.count)
            context.record("\(key)_dropped", "\(name): dropped", count: outcome.dropped.count)
            context.record("\(key)_deepest_buffer", "\(name): deepest buffer", count: outcome.deepestBuffer)
            context.record("\(key)_received_values", "\(name): received values", text: compact(outcome.received))
        }
        console.table(table)
        console.paragraph(
            """
            Unbounded kept every reading, so the buffer (memory) grew with the backlog and the view \
            worked through all of it, old news first. bufferingOldest(\(size)) kept the first readings and dropped each new \
            one that did not fit: the view shows stale values. bufferingNewest(\(size)) dropped the \
            oldest instead: the view skips ahead to the latest, usually what a live display wants. \
            `yield` returns `.dropped(value)` so a producer can tell.
            """)
    }

    /// "1–4, 18–20": runs of consecutive numbers, short enough for a table cell.
    static func compact(_ values: [Int]) -> String {
        guard var start = values.first else { return "none" }
        var runs: [String] = []
        var previous = start
        for value in values.dropFirst() + [Int.min] {
            if value != previous + 1 {
                runs.append(start == previous ? "\(start)" : "\(start)–\(previous)")
                start = value
            }
            previous = value
        }
        return runs.joined(separator: ", ")
    }
}
