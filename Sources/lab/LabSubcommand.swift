import LabBench
import LabCommandLine
import LabCore
import LessonKit
import Lessons

/// Every `lab` subcommand, with its command line declared once. `lab help`, each
/// command's `--help`, its usage line and its parsing all come from `spec`.
enum LabSubcommand: String, CaseIterable {
    case list, run, pages, bench, stress, doctor, exercises, check, watch, hint, reset, solution, grade, progress, help

    static let noColor = OptionSpec("no-color", help: "Plain text, no colours (also: NO_COLOR=1)")
    static let json = OptionSpec("json", help: "Print JSON")
    static let askHelp = OptionSpec("help", short: "h", help: "Show this help")

    static func exercise(required: Bool) -> CommandSpec.Positionals {
        .init(
            "EXERCISE", minimum: required ? 1 : 0,
            help: "An exercise's number or name, e.g. 03" + (required ? "" : " (by default the next unsolved one)"))
    }

    var spec: CommandSpec {
        let name = "lab \(rawValue)"
        switch self {
        case .list:
            return CommandSpec(
                name, summary: "List the lessons and their variants", options: [Self.json, Self.noColor, Self.askHelp])
        case .run:
            return CommandSpec(
                name, summary: "Run a lesson, with the same flags as its executable",
                positionals: .init(
                    "LESSON", minimum: 1, help: "One of: " + LessonCatalog.lessons.map(\.name).joined(separator: ", ")),
                options: LessonOptions.options)
        case .pages:
            return CommandSpec(
                name, summary: "Run every lesson and write each run as an HTML page with its timelines, and an index",
                options: [
                    OptionSpec(
                        "out", .text("DIR"), help: "Where to write the pages and index.html (default: lab-pages)"),
                    OptionSpec("all", help: "Run every variant, the extras too"),
                    OptionSpec(
                        "replace",
                        help:
                            "Overwrite pages and an index.html already in the --out folder (without it, lab pages refuses)"
                    ),
                    Self.noColor, Self.askHelp,
                ],
                details: """
                    The --out folder is checked before any lesson runs. A LESSON.html or index.html already
                    there is kept, even one an earlier lab pages wrote: lab pages refuses to start, naming
                    it, unless you add --replace (or give another --out). While it runs, the folder is
                    its own: another lab pages, lab grade or lab bench --out into it is refused.

                    Exit status: 0 every page written; 1 a lesson or a write failed; 2 bad usage, an
                    unusable folder, or one another lab run is writing into.
                    """)
        case .bench:
            return BenchCommand.spec
        case .stress:
            return StressCommand.spec
        case .doctor:
            return CommandSpec(
                name, summary: "Measure this machine's concurrency facts",
                options: [Self.json, Self.noColor, Self.askHelp])
        case .exercises:
            return CommandSpec(
                name, summary: "The classroom exercises and your progress",
                positionals: .init(
                    "EXERCISE", maximum: 100,
                    help:
                        "Only these exercises, by number or name, e.g. 03 05 (with --verify: grade only their known answers)"
                ),
                options: [
                    OptionSpec(
                        "verify",
                        help:
                            "Grade every known answer: originals fail, solutions and alternatives pass, catalogued mistakes fail with their message"
                    ),
                    OptionSpec(
                        "write-answers", .text("DIR"),
                        help:
                            "Write every known answer as a whole file into DIR/<exercise>/ (mistakes are kept as diffs of the solution)"
                    ),
                    OptionSpec(
                        "replace",
                        help:
                            "With --write-answers: overwrite files already in DIR that say something else (without it, nothing is written)"
                    ),
                    Self.noColor, Self.askHelp,
                ])
        case .check:
            return CommandSpec(
                name, summary: "Check an exercise (the next unsolved one by default)",
                positionals: Self.exercise(required: false), options: [Self.noColor, Self.askHelp])
        case .watch:
            return CommandSpec(
                name, summary: "Check an exercise again each time you save it",
                positionals: Self.exercise(required: false), options: [Self.noColor, Self.askHelp])
        case .hint:
            return CommandSpec(
                name, summary: "One more hint, more specific each time", positionals: Self.exercise(required: false),
                options: [Self.noColor, Self.askHelp])
        case .reset:
            return CommandSpec(
                name,
                summary:
                    "Put an exercise back as it started (your version is saved first in backups/ in the lab folder, $CONCURRENCY_LAB_HOME or ~/.concurrency-lab)",
                positionals: Self.exercise(required: true), options: [Self.noColor, Self.askHelp])
        case .solution:
            return CommandSpec(
                name, summary: "The reference solution, once you solved the exercise",
                positionals: Self.exercise(required: true), options: [Self.noColor, Self.askHelp])
        case .grade:
            return CommandSpec(
                name, summary: "Grade a class: every student's folder, in the sandbox, into CSV, JSON and HTML",
                positionals: .init("PATH", minimum: 1, maximum: 10_000, help: "Students' folders, e.g. class/*"),
                options: [
                    OptionSpec(
                        "jobs", .integer("N", 1...64),
                        help:
                            "Answers built at once (default: the CPUs lab may use, at least 2); checks: three times as many, six times counting those past 2 s"
                    ),
                    OptionSpec(
                        "out", .text("DIR"),
                        help:
                            "Where to write class-report.csv, .json and .html (default: class-report); an existing folder, or a new one in an existing folder"
                    ),
                    OptionSpec(
                        "replace",
                        help: "Overwrite a class report already in the --out folder (without it, lab grade refuses)"),
                    Self.noColor, Self.askHelp,
                ],
                details: """
                    The --out folder is checked before any grading. A report already there is kept: lab grade
                    refuses to start unless you add --replace (or give another --out). Two runs cannot share one
                    --out (lab grade or lab bench): while one writes there, the other is refused at once.

                    Exit status: 0 graded; 1 grading or writing failed; 2 bad usage or an unusable folder.
                    """)
        case .progress:
            return CommandSpec(
                name, summary: "Your progress (--json for a teacher)", options: [Self.json, Self.noColor, Self.askHelp])
        case .help:
            return CommandSpec(
                name, summary: "Show help for lab or one command",
                positionals: .init("COMMAND", help: "One of: " + Self.allCases.map(\.rawValue).joined(separator: ", ")),
                options: [Self.noColor, Self.askHelp])
        }
    }
}
