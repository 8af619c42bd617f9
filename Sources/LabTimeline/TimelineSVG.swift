import LabConsole
import LabCore
import LabTrace

/// Draws a `TimelineLayout` as inline SVG: bars filled with their place's colour and pattern,
/// marks, an axis, and a tooltip (`<title>`) on every bar and mark with its name, start,
/// duration and where it ran. No script: a browser shows `<title>` on hover by itself.
enum TimelineSVG {
    static func render(_ layout: TimelineLayout, view: String, caption: String) -> String {
        let width = layout.drawnWidth
        // Shrunk to fit its card down to three quarters of its size (its 12-px labels stay 9 px or
        // more), then scrolled: at 1200 px a timeline ran off its card's edge (an audit), and a
        // phone's width still scrolls rather than shrinking the labels past reading.
        var svg = """
            <svg class="timeline \(view)" viewBox="0 0 \(HTMLText.number(width)) \(HTMLText.number(layout.height))" \
            width="\(HTMLText.number(width))" style="min-width:\(HTMLText.number((width * 0.75).rounded(.up)))px" \
            role="img" aria-label="\(HTMLText.escape(caption))" \
            data-lanes="\(layout.lanes.count)" xmlns="http://www.w3.org/2000/svg">
            """
        for (index, lane) in layout.lanes.enumerated() where index % 2 == 1 {
            svg +=
                "<rect class=\"zebra\" x=\"0\" y=\"\(HTMLText.number(lane.y))\" width=\"\(HTMLText.number(width))\" height=\"\(HTMLText.number(lane.height))\"/>"
        }
        for tick in layout.ticks {
            svg +=
                "<line class=\"grid\" x1=\"\(HTMLText.number(tick.x))\" x2=\"\(HTMLText.number(tick.x))\" y1=\"\(HTMLText.number(TimelineLayout.axisHeight - 4))\" y2=\"\(HTMLText.number(layout.height))\"/>"
        }
        for text in layout.texts where text.role == .tick {
            svg += textElement(text, className: "tick")
        }
        if let frames = layout.frames, let title = layout.texts.first(where: { $0.role == .laneTitle }) {
            let top = HTMLText.number(frames.y + 3)
            let bottom = HTMLText.number(frames.y + TimelineLayout.rowHeight - 3)
            svg +=
                "<g class=\"frames\" data-count=\"\(frames.xs.count)\"><title>\(frames.xs.count) frames drawn by the UI loop; a gap is a time it drew none</title>"
            svg += textElement(title, className: "lane-title")
            svg += "<path d=\"" + frames.xs.map { "M\(HTMLText.number($0)) \(top)V\(bottom)" }.joined() + "\"/></g>"
        }
        for lane in layout.lanes {
            svg += "<g class=\"lane\" data-lane=\"\(HTMLText.escape(lane.title))\" data-depth=\"\(lane.depth)\">"
            if let title = lane.titleText {
                svg += textElement(title, className: "lane-title", tooltip: lane.title)
            }
            for bar in lane.bars { svg += render(bar) }
            for mark in lane.marks { svg += render(mark) }
            svg += "</g>"
        }
        for text in layout.texts where text.role == .barLetter {
            let ink = ExecutionPlace.allCases.first { $0.letter == text.text }?.inkOnColour ?? "#000000"
            svg += textElement(text, className: "bar-letter", aria: false, style: "fill:\(ink)")
        }
        return svg + "</svg>"
    }

    private static func textElement(
        _ text: TimelineText, className: String, tooltip: String? = nil, aria: Bool = true, style: String? = nil
    ) -> String {
        // The box's left and vertical centre: text is drawn from its start, centred on the box.
        let baseline = text.y + text.height / 2
        return "<text class=\"\(className)\" x=\"\(HTMLText.number(text.x))\" y=\"\(HTMLText.number(baseline))\" "
            + "data-width=\"\(HTMLText.number(text.width))\"\(aria ? "" : " aria-hidden=\"true\"")"
            + (style.map { " style=\"\($0)\"" } ?? "") + ">"
            + (tooltip.map { "<title>\(HTMLText.escape($0))</title>" } ?? "") + HTMLText.escape(text.text) + "</text>"
    }

    private static func render(_ bar: TimelineLayout.Bar) -> String {
        let span = bar.span
        let box =
            "x=\"\(HTMLText.number(bar.x))\" y=\"\(HTMLText.number(bar.y))\" width=\"\(HTMLText.number(bar.width))\" height=\"\(HTMLText.number(bar.height))\""
        return """
            <g class="bar \(span.kind.rawValue)" data-place="\(bar.place.rawValue)" data-start="\(span.start)" \
            data-end="\(span.end)" data-name="\(HTMLText.escape(span.name))"><title>\(HTMLText.escape(tooltip(span)))</title>\
            <rect class="fill" \(box) fill="\(bar.place.colour)"/><rect class="pattern" \(box) fill="url(#\(bar.place.patternID))"/></g>
            """
    }

    private static func render(_ mark: TimelineLayout.Mark) -> String {
        let x = HTMLText.number(mark.x)
        let y = mark.y
        let shape: String
        let words: String
        switch mark.kind {
        case .instant:
            shape = "<path d=\"M\(x) \(HTMLText.number(y - 6))l5 6l-5 6l-5 -6z\"/>"
            words = "\(mark.span.name) — at \(mark.time.formattedAsDuration)"
        case .suspended:
            shape = "<path d=\"M\(HTMLText.number(mark.x - 4)) \(HTMLText.number(y - 10))h8l-4 5z\"/>"
            words = "\(mark.span.name): suspended at \(mark.time.formattedAsDuration) (its thread is free)"
        case .resumed:
            shape = "<path d=\"M\(HTMLText.number(mark.x - 4)) \(HTMLText.number(y + 10))h8l-4 -5z\"/>"
            words =
                "\(mark.span.name): resumed by \(mark.time.formattedAsDuration) on thread \(mark.span.endThread)"
                + (mark.span.startThread != mark.span.endThread ? " (began on thread \(mark.span.startThread))" : "")
        case .began:
            shape = "<path d=\"M\(x) \(HTMLText.number(y - 7))v14\"/>"
            words = "\(mark.span.name) began here at \(mark.time.formattedAsDuration)"
        case .ended:
            shape = "<path d=\"M\(x) \(HTMLText.number(y - 7))v14\"/>"
            words = "\(mark.span.name) ended at \(mark.time.formattedAsDuration)"
        case .cancelled, .failed, .unfinished:
            let glyph = mark.span.outcome?.glyph ?? (mark.kind == .cancelled ? "⊘" : "✗")
            shape =
                "<text class=\"outcome\" x=\"\(x)\" y=\"\(HTMLText.number(y))\">\(glyph)</text>"
            let what =
                switch mark.kind {
                case .cancelled: "was cancelled at"
                case .unfinished: "had not ended when its process was stopped, at"
                default: "failed at"
                }
            words = "\(mark.span.name) \(what) \(mark.time.formattedAsDuration)"
        }
        return
            "<g class=\"mark \(mark.kind.rawValue)\" data-time=\"\(mark.time)\" data-name=\"\(HTMLText.escape(mark.span.name))\"><title>\(HTMLText.escape(words))</title>\(shape)</g>"
    }

    /// What hovering a bar tells: its name, task, start, duration and where it ran.
    static func tooltip(_ span: Span) -> String {
        var lines = [
            span.name, "task: \(span.lane)",
            "start \(span.start.formattedAsDuration) · duration \(span.duration.formattedAsDuration)",
            "ran on: \(ExecutionPlace.describe(span)) · \(kindWords(span.kind))",
        ]
        if let priority = TaskPriorityName.name(span.priority) { lines.append("priority: \(priority)") }
        lines.append(
            span.startThread == span.endThread
                ? "thread \(span.startThread)" : "thread \(span.startThread) → \(span.endThread) (resumed elsewhere)")
        if let outcome = span.outcome { lines.append(outcome.words) }
        return lines.joined(separator: "\n")
    }

    static func kindWords(_ kind: WorkKind) -> String {
        switch kind {
        case .suspending: "suspended (no thread held)"
        case .blocking: "blocking (holds its thread)"
        case .cpu: "CPU work"
        case .step: "step"
        }
    }

    /// The fill patterns, once per page: `ExecutionPlace.patternID` names them.
    static let patternDefinitions = """
        <svg class="defs" width="0" height="0" aria-hidden="true" xmlns="http://www.w3.org/2000/svg"><defs>\
        <pattern id="place-main-actor" width="6" height="6" patternUnits="userSpaceOnUse"></pattern>\
        <pattern id="place-actor" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2.2" height="6" fill="rgba(0,0,0,.38)"/></pattern>\
        <pattern id="place-global-executor" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.3" fill="rgba(0,0,0,.45)"/></pattern>\
        <pattern id="place-own-thread" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 3h6M3 0v6" stroke="rgba(0,0,0,.45)" stroke-width="1.1"/></pattern>\
        </defs></svg>
        """
}
