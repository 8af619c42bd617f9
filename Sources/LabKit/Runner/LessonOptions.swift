/// The flags every lesson accepts, the same for all of them.
public struct LessonOptions: Sendable, Equatable {
    public var variants: [String] = []
    public var scale: TimeScale = .lessonDefault
    public var seed: UInt64 = 42
    public var showTrace = false
    public var traceOutput: String?
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

    public static let parser = ArgumentParser(options: [
        OptionSpec("help", short: "h", help: "Show this help"),
        OptionSpec("list", help: "List the lesson's variants"),
        OptionSpec("variant", value: "NAME", help: "Run only this variant (repeat for more)"),
        OptionSpec("all", help: "Run every variant, the extras too (by default they are listed at the end)"),
        OptionSpec("scale", value: "X", help: "Run the sources' delays at X real seconds per second (default 0.05)"),
        OptionSpec("real-time", help: "Run the sources' delays for real (same as --scale 1)"),
        OptionSpec("trace", help: "Draw the timeline of tasks for each variant"),
        OptionSpec("trace-out", value: "FILE", help: "Write a Chrome trace-event JSON file (open it in ui.perfetto.dev)"),
        OptionSpec("json", help: "Print the results as JSON instead of the story"),
        OptionSpec("seed", value: "N", help: "Seed for the simulated services (default 42)"),
        OptionSpec("no-color", help: "Plain text, no colours (also: NO_COLOR=1)"),
        OptionSpec("quiet", short: "q", help: "Only the measured figures, no narration"),
        OptionSpec("steps", help: "List every step in its own row (by default alike steps in a row are merged)"),
    ])

    public static func parse(_ arguments: [String]) throws(UsageError) -> LessonOptions {
        let parsed = try parser.parse(arguments)
        var options = LessonOptions()
        options.help = parsed.has("help")
        options.list = parsed.has("list")
        options.variants = parsed.values["variant"] ?? []
        if let factor = try parsed.double("scale", in: 0.001...10) { options.scale = TimeScale(factor: factor) }
        if parsed.has("real-time") {
            if parsed.value("scale") != nil { throw .invalidValue(option: "scale", value: parsed.value("scale")!, expected: "no --scale together with --real-time") }
            options.scale = .realTime
        }
        options.seed = try parsed.unsignedInteger("seed") ?? 42
        options.showTrace = parsed.has("trace")
        options.traceOutput = parsed.value("trace-out")
        options.json = parsed.has("json")
        options.noColor = parsed.has("no-color")
        options.quiet = parsed.has("quiet")
        options.allSteps = parsed.has("steps")
        options.allVariants = parsed.has("all")
        if options.allVariants, let name = options.variants.first {
            throw .invalidValue(option: "variant", value: name, expected: "no --variant together with --all")
        }
        return options
    }
}
