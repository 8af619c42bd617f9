import LabConsole
import LabCore
import LabTimeline
import LabTrace

extension LessonSession {
    /// The most rows of the merged steps table a default run prints.
    nonisolated static let collapsedRowLimit = 8

    /// What a default run prints under "Where each step ran": the merged rows it shows and the
    /// note under them, from one list of spans, telling a marker from a step by one rule
    /// (`Span.isInstant`, as the probe recorded it), so the note cannot call a step a marker.
    nonisolated static func collapsedSteps(_ steps: [Span], origin: Double?) -> (shown: Table, note: String?) {
        let table = Table.spans(steps, origin: origin, collapsing: true)
        let shown = Table(
            headers: table.headers, rows: Array(table.rows.prefix(collapsedRowLimit)),
            rightAligned: table.rightAligned)
        return (shown, collapsedNote(steps: steps, rows: table.rows.count, shown: shown.rows.count))
    }

    /// What the merged table left out, said exactly, or nil when it shows every step as is.
    nonisolated static func collapsedNote(steps: [Span], rows: Int, shown: Int) -> String? {
        let instants = steps.filter(\.isInstant).count
        let merged = steps.count - instants - rows
        var parts: [String] = []
        if merged > 0 {
            parts.append("\(steps.count - instants) steps in \(rows) row\(rows == 1 ? "" : "s"), alike ones merged ×N")
        }
        if instants > 0 { parts.append("\(instants) instant marker\(instants == 1 ? "" : "s") left out") }
        if rows > shown { parts.append("\(rows - shown) more row\(rows - shown == 1 ? "" : "s") not shown") }
        guard !parts.isEmpty else { return nil }
        return "  (" + parts.joined(separator: "; ") + ": --steps lists each)"
    }
}
