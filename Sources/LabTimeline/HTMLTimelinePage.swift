import LabConsole
import LabCore
import LabTrace

/// One self-contained HTML page of a traced run: what was said, what was measured, and the
/// timeline drawn twice, by task and by thread, with a table as its text alternative.
///
/// No script and no external asset: inline CSS and SVG only, so the page works offline, from
/// a file, in a class's shared folder, and on paper. Hovering a bar shows its `<title>`.
public struct HTMLTimelinePage: Sendable {
    /// A measured figure, already formatted as the run printed it.
    public struct Fact: Sendable, Equatable {
        public let label: String
        public let value: String
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    /// One traced run: a lesson's variant, or a run of your own code.
    public struct Section: Sendable {
        public var title: String
        /// The fragment a link can point at (`page.html#name`).
        public var anchor: String
        public var narration: [String]
        public var facts: [Fact]
        public var spans: [Span]
        /// Why the run failed, if it did.
        public var failure: String?
        /// When a UI loop drew a frame (the main-actor lessons): a strip above the tasks.
        public var frames: [Double] = []
        /// The places in `narration` of text printed as it is (a compiler's message, a program's
        /// output, a table): set in a monospaced block, not as a paragraph.
        public var preformatted: Set<Int> = []

        public init(
            title: String, anchor: String, narration: [String] = [], facts: [Fact] = [], spans: [Span],
            failure: String? = nil
        ) {
            self.title = title
            self.anchor = anchor
            self.narration = narration
            self.facts = facts
            self.spans = spans
            self.failure = failure
        }
    }

    public var title: String
    public var introduction: [String]
    /// Small print under the title: the scale, the seed, the machine, the compile mode.
    public var details: [String]
    public var sections: [Section]
    public var closing: [String]
    public var closingTitle: String
    /// Links above the sections: (text, href).
    public var links: [(text: String, href: String)]

    public init(
        title: String, introduction: [String] = [], details: [String] = [], sections: [Section],
        closingTitle: String = "What to take away", closing: [String] = [],
        links: [(text: String, href: String)] = []
    ) {
        self.title = title
        self.introduction = introduction
        self.details = details
        self.sections = sections
        self.closingTitle = closingTitle
        self.closing = closing
        self.links = links
    }

    public func render() -> String {
        let escape = HTMLText.escape
        var body = "<header><h1>\(escape(title))</h1>"
        body += introduction.map { "<p>\(HTMLText.prose($0))</p>" }.joined()
        body += details.map { "<p class=\"meta\">\(escape($0))</p>" }.joined()
        if !links.isEmpty {
            body +=
                "<nav>" + links.map { "<a href=\"\(escape($0.href))\">\(escape($0.text))</a>" }.joined(separator: " ")
                + "</nav>"
        }
        if sections.count > 1 {
            body +=
                "<nav class=\"sections\">"
                + sections.map { "<a href=\"#\(escape($0.anchor))\">\(HTMLText.prose($0.title))</a>" }.joined(
                    separator: " ")
                + "</nav>"
        }
        body += HTMLPageStyle.legend + "</header>"
        for section in sections { body += render(section) }
        if !closing.isEmpty {
            body +=
                "<section class=\"closing\"><h2>\(escape(closingTitle))</h2><ul>"
                + closing.map { "<li>\(HTMLText.prose($0))</li>" }.joined() + "</ul></section>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>\(escape(title))</title><style>\(HTMLPageStyle.css)</style></head>
            <body>\(TimelineSVG.patternDefinitions)\(body)<footer>Drawn from the run's own trace: every bar is a step it recorded, at the time it recorded it. Times are counted from the run's start.</footer></body></html>

            """
    }

    private func render(_ section: Section) -> String {
        let escape = HTMLText.escape
        var html = "<section class=\"run\" id=\"\(escape(section.anchor))\"><h2>\(HTMLText.prose(section.title))</h2>"
        if let failure = section.failure {
            html += "<p class=\"failure\">✗ This run failed: \(escape(failure))</p>"
        }
        html += section.narration.enumerated().map { index, text in
            section.preformatted.contains(index)
                // In a box that scrolls: a table printed for a terminal may be wider than a phone.
                ? "<div class=\"shown\"><pre>\(escape(HTMLText.plain(text)))</pre></div>"
                : "<p>\(HTMLText.prose(text))</p>"
        }.joined()
        if !section.facts.isEmpty {
            html +=
                "<h3>Measured</h3><table class=\"facts\"><tbody>"
                + section.facts.map { "<tr><th>\(escape($0.label))</th><td>\(escape($0.value))</td></tr>" }.joined()
                + "</tbody></table>"
        }
        guard !section.spans.isEmpty else {
            return html + "<p class=\"meta\">This run traced no step.</p></section>"
        }
        var tasks = TimelineLayout.tasks(section.spans, frames: section.frames)
        var threads = TimelineLayout.threads(section.spans, end: tasks.end)
        // One time axis for both views: where one narrowed its plot for marks at the run's end,
        // the other is laid again as narrow, so a moment sits at one x in both.
        let plotWidth = min(tasks.plotWidth, threads.plotWidth)
        if tasks.plotWidth > plotWidth {
            tasks = TimelineLayout.tasks(section.spans, frames: section.frames, plotWidth: plotWidth)
        }
        if threads.plotWidth > plotWidth {
            threads = TimelineLayout.threads(section.spans, end: tasks.end, plotWidth: plotWidth)
        }
        html +=
            "<h3>By task <span class=\"count\">(\(tasks.lanes.count) \(tasks.lanes.count == 1 ? "task" : "tasks"))</span></h3>"
        html +=
            "<div class=\"scroll\">"
            + TimelineSVG.render(
                tasks, view: "tasks",
                caption:
                    "Timeline of \(section.title) by task: \(tasks.lanes.count) lanes, described in the table below")
            + "</div>"
        html +=
            "<h3>By thread <span class=\"count\">(\(threads.lanes.count) \(threads.lanes.count == 1 ? "thread" : "threads"))</span></h3>"
        html +=
            "<p class=\"note\">Blocking and CPU steps are bars here: they hold their thread. Any other step shows as a tick where it began and one where it ended, maybe on another thread: a task is not a thread.</p>"
        html +=
            "<div class=\"scroll\">"
            + TimelineSVG.render(
                threads, view: "threads",
                caption:
                    "Timeline of \(section.title) by thread: \(threads.lanes.count) lanes, described in the table below"
            ) + "</div>"
        html +=
            "<details class=\"steps\"><summary>The timeline as a table (\(section.spans.count) \(section.spans.count == 1 ? "step" : "steps"))</summary>"
            + "<div class=\"scroll\">" + TimelineStepTable.render(section.spans) + "</div></details>"
        return html + "</section>"
    }
}
