import LabCommandLine
import LabCore

/// The flags every lesson accepts, the same for all of them.
public struct LessonOptions: Sendable, Equatable {
    public var variants: [String] = []
    public var scale: TimeScale = .lessonDefault
    public var seed: UInt64 = 42
    public var showTrace = false
    /// Draw each variant's tasks as a tree (parent → children, how each ended).
    public var showTree = false
    public var traceOutput: String?
    /// Write the run as one self-contained HTML page: narration, figures, timelines.
    public var htmlOutput: String?
    /// The index of every lesson's page, linked from this page's header: set by `lab pages`,
    /// which writes the pages beside it; no option, since a lone `--html FILE` has none.
    public var indexPage: String?
    public var json = false
    public var noColor = false
    public var quiet = false
    public var help = false
    public var list = false
    /// Every step in its own row (by default alike steps in a row are merged).
    public var allSteps = false
    /// Every variant, extras included (by default the extras are listed, not run).
    public var allVariants = false

    public init() {}

    /// The options, declared once; every lesson's usage and help are generated from them.
    public static let options: [OptionSpec] = [
        OptionSpec("help", short: "h", help: "Show this help"),
        OptionSpec("list", help: "List the lesson's variants"),
        OptionSpec("variant", .text("NAME"), repeatable: true, help: "Run only this variant (repeat for more)"),
        OptionSpec("all", help: "Run every variant, the extras too (by default they are listed at the end)"),
        OptionSpec(
            "scale", .number("X", 0.001...10),
            help: "Run the sources' delays at X real seconds per second (default 0.05)"),
        OptionSpec("real-time", help: "Run the sources' delays for real (same as --scale 1)"),
        OptionSpec("trace", help: "Draw the timeline of tasks for each variant"),
        // Built from the trace's spans: a task that traced no step is not drawn (task-apis'
        // immediate starts four tasks and its tree shows two), so "every task" promised too much.
        OptionSpec(
            "tree",
            help: "Draw each variant's task tree: each task that traced a step, its parent, where it ran, how it ended"),
        OptionSpec(
            "trace-out", .text("FILE"),
            help: "Write a Chrome trace-event JSON file (open it in ui.perfetto.dev); an existing FILE is replaced"),
        OptionSpec(
            "html", .text("FILE"),
            help:
                "Write the run as one HTML page: narration, figures, each variant's timeline by task and by thread; an existing FILE is replaced"
        ),
        OptionSpec("json", help: "Print the results as JSON instead of the story"),
        OptionSpec("seed", .integer("N", 0...Int.max), help: "Seed for the simulated services (default 42)"),
        OptionSpec("no-color", help: "Plain text, no colours (also: NO_COLOR=1)"),
        OptionSpec("quiet", short: "q", help: "Only the measured figures, no narration"),
        OptionSpec("steps", help: "List every step in its own row (by default alike steps are merged)"),
    ]

    /// The command line of the lesson named `name`: the shared options, and those of another
    /// command its executable also runs.
    public static func spec(for name: String, summary: String = "", command: LessonCommand? = nil) -> CommandSpec {
        CommandSpec(
            name, summary: summary, positionals: command?.positionals, options: options + (command?.options ?? []))
    }

    public static func parse(_ arguments: [String], lesson name: String = "lesson") throws(UsageError) -> LessonOptions
    {
        try LessonOptions(try spec(for: name).parse(arguments))
    }

    /// The shared options from arguments parsed with a lesson's spec.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        var options = LessonOptions()
        options.help = parsed.flag("help")
        options.list = parsed.flag("list")
        options.variants = parsed.texts("variant")
        options.allVariants = parsed.flag("all")
        if options.allVariants, !options.variants.isEmpty { throw .conflicting("all", "variant") }
        if let factor = parsed.number("scale") { options.scale = TimeScale(factor: factor) }
        if parsed.flag("real-time") {
            if parsed.isPresent("scale") { throw .conflicting("real-time", "scale") }
            options.scale = .realTime
        }
        options.seed = parsed.integer("seed").map(UInt64.init) ?? 42
        options.showTrace = parsed.flag("trace")
        options.showTree = parsed.flag("tree")
        options.traceOutput = parsed.text("trace-out")
        options.htmlOutput = parsed.text("html")
        options.json = parsed.flag("json")
        options.noColor = parsed.flag("no-color")
        options.quiet = parsed.flag("quiet")
        options.allSteps = parsed.flag("steps")
        // JSON is the results only: what would be drawn beside it is refused, not dropped.
        for drawing in ["trace", "tree", "steps"] where options.json && parsed.flag(drawing) {
            throw .conflicting("json", drawing)
        }
        // So is --quiet's one line a variant: it draws none of them (they were dropped silently).
        for drawing in ["trace", "tree", "steps"] where options.quiet && parsed.flag(drawing) {
            throw .conflicting("quiet", drawing)
        }
        // --list prints the variants and runs nothing: what it would ignore is refused.
        if options.list {
            for ignored in Self.options.map(\.name) where !["help", "list", "no-color"].contains(ignored) {
                if parsed.isPresent(ignored) { throw .conflicting("list", ignored) }
            }
        }
        self = options
    }
}
