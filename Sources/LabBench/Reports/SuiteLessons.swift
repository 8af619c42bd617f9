/// The lesson whose page shows the pattern a suite times: the HTML report links each suite to
/// it, so a reader can see the tasks behind a figure. Pages are written by `lab pages --out DIR`;
/// the report links to them in its folder's `pages/` (`lab pages --out REPORT-FOLDER/pages`).
public enum SuiteLessons {
    public static let folder = "pages"

    /// Suite name → lesson name. A suite of your own (LabBench in your package) has none.
    static let lessonOfSuite: [String: String] = [
        "tasks": "task-apis",
        "actor calls": "actors",
        "serial queue vs actor": "from-gcd",
        "observing state": "observing-state",
        "continuations": "continuations",
        "streams, yield, isCancelled": "for-await",
        "increment, uncontended": "actors",
        "increment, contended": "actors",
        "counters under contention": "actors",
        "I/O fan-out": "task-groups",
        "CPU fan-out": "task-groups",
        "blocking vs suspending": "sync-vs-async",
        "sliding window": "task-groups",
        "cancellation latency": "cancellation",
        "main-actor fetch": "main-actor",
        "inventory transactions": "inventory",
        "inventory adds from tasks": "inventory",
        "inventory adds from processes": "inventory",
        "inventory reads while writing": "inventory",
    ]

    public static func lesson(ofSuite name: String) -> String? { lessonOfSuite[name] }

    /// The link from a report in its folder to the lesson's page.
    public static func href(ofSuite name: String) -> String? {
        lesson(ofSuite: name).map { "\(folder)/\($0).html" }
    }

    /// The formats written when none is asked for: the terminal report, and with `--out` the
    /// JSON and the HTML report beside it (asking for a folder is asking for files).
    static func defaultFormats(outGiven: Bool) -> [String] {
        outGiven ? ["terminal", "json", "html"] : ["terminal"]
    }
}
