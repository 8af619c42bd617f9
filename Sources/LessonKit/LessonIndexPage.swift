import LabConsole
import LabCore
import LabTimeline
import LabTrace

/// The index of a folder of lesson pages (`lab pages --out DIR`): each lesson, what it shows, and
/// whether its run succeeded, with a link to its page.
public enum LessonIndexPage {
    public struct Entry: Sendable {
        public let lesson: any Lesson
        public let file: String
        /// The run's exit status: 0 every variant succeeded.
        public let status: Int32
        public init(lesson: any Lesson, file: String, status: Int32) {
            self.lesson = lesson
            self.file = file
            self.status = status
        }
    }

    public static func render(_ entries: [Entry], details: [String]) -> String {
        let escape = HTMLText.escape
        let rows = entries.map { entry in
            """
            <tr><td style="white-space:nowrap"><a href="\(escape(entry.file))">\(escape(entry.lesson.name))</a></td><td>\(escape(entry.lesson.title))</td>\
            <td>\(escape(entry.lesson.summary))</td><td>\(entry.status == 0 ? "ran" : "✗ a variant failed (see its page)")</td></tr>
            """
        }.joined()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>Concurrency Lab · lessons</title><style>\(HTMLPageStyle.css)</style></head>
            <body><header><h1>Concurrency Lab · every lesson, run and drawn</h1>\
            \(details.map { "<p class=\"meta\">\(escape($0))</p>" }.joined())\
            <p>Each page is one run of a lesson on this machine: what it said, what it measured, and each variant's tasks drawn on a timeline, by task and by thread.</p></header>\
            <section><div class="scroll"><table class="steps"><thead><tr><th>lesson</th><th>title</th><th>what it shows</th><th>run</th></tr></thead><tbody>\(rows)</tbody></table></div></section>\
            <footer>Made by <code>lab pages</code>. Run it again to draw this machine's runs anew.</footer></body></html>

            """
    }
}
