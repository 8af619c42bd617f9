import LabCommandLine
import LabConsole
import LabCore
import LessonKit
import Lessons

/// What `lab` alone prints: what the lab is, the lessons, how to start.
@MainActor
enum Overview {
    static func text(terminal: Terminal) -> String {
        var lines: [String] = []
        let title = "Concurrency Lab — learn Swift concurrency by running it, and measure it."
            .wrapped(to: terminal.width)
        lines.append(terminal.paint(leading: "Concurrency Lab", of: title, .bold))
        lines.append("")
        lines.append(
            ("Every lesson is a program: it runs a scenario from the original material (the book's "
                + "ConcurrencyDemo, Mars rovers, Space Photos, Coffee Tracker…) in every variant and shows "
                + "what happened: where each step ran, a timeline of tasks, and the measured times.")
                .wrapped(to: terminal.width))
        lines.append("")
        lines.append(terminal.paint("Lessons", .bold))
        var table = Table(headers: ["lesson", "what it shows"])
        for lesson in LessonCatalog.lessons {
            table.append([terminal.paint(lesson.name, .cyan), lesson.summary])
        }
        lines.append(table.render(on: terminal))
        lines.append("")
        lines.append(terminal.paint("Start here", .bold))
        let starts = [
            ("swift run sync-vs-async", "the first lesson, start to end"),
            ("swift run sync-vs-async --trace", "… with a timeline of tasks per variant"),
            ("swift run sync-vs-async --html run.html", "… as one page, each variant's tasks drawn"),
            ("swift run lab run sync-vs-async --list", "its variants; run one with --variant NAME"),
            ("swift run lab doctor", "this machine's concurrency facts, measured"),
            ("swift run lab check", "the classroom exercises (see lab exercises)"),
            ("swift run -c release lab bench --quick", "time the patterns and the primitives"),
        ]
        // Each line's words under its first where the terminal is narrow, or on a line of their own.
        for (command, what) in starts {
            lines.append(what.wrapped(to: terminal.width, after: "  " + command.padded(to: 41)))
        }
        lines.append("")
        lines.append(terminal.paint("Commands", .bold))
        for command in LabSubcommand.allCases {
            let spec = command.spec
            let synopsis = spec.name + (spec.positionals.map { " " + $0.usageItem } ?? "")
            lines.append(spec.summary.wrapped(to: terminal.width, after: "  " + synopsis.padded(to: 26)))
        }
        lines.append(
            "Which Swift and build configuration made this lab".wrapped(
                to: terminal.width, after: "  " + "lab --version".padded(to: 26)))
        lines.append(
            terminal.paint(
                "Each command's options: lab help COMMAND (or COMMAND --help).".wrapped(
                    to: terminal.width, indent: "  "), .dim))
        return lines.joined(separator: "\n")
    }
}
