import LabConsole
import LabCore
import LabTrace

/// The timeline as a table: the text alternative a screen reader reads, and what a reader
/// can copy. One row per step, in the order the trace recorded them.
enum TimelineStepTable {
    static func render(_ spans: [Span]) -> String {
        var html = """
            <table class="steps"><thead><tr><th>task</th><th>step</th><th>ran on</th><th>kind</th>\
            <th class="num">start</th><th class="num">duration</th><th>thread</th><th>priority</th><th>ended</th></tr></thead><tbody>
            """
        for span in spans.sorted(by: { $0.start == $1.start ? $0.id < $1.id : $0.start < $1.start }) {
            let threads =
                span.startThread == span.endThread ? "\(span.startThread)" : "\(span.startThread) → \(span.endThread)"
            let ended =
                span.outcome?.words ?? (span.isInstant ? "instant" : "returned")
            let cells = [
                span.lane, span.name, ExecutionPlace.describe(span), TimelineSVG.kindWords(span.kind),
                span.start.formattedAsDuration, span.duration.formattedAsDuration, threads,
                TaskPriorityName.name(span.priority) ?? "—", ended,
            ].map(HTMLText.escape)
            html +=
                "<tr>"
                + cells.enumerated().map { index, cell in
                    index == 4 || index == 5 ? "<td class=\"num\">\(cell)</td>" : "<td>\(cell)</td>"
                }.joined() + "</tr>"
        }
        return html + "</tbody></table>"
    }
}
