import Foundation
import LabKit
import LabBench
import LabBenchmarks
import Lessons

/// The `lab` command: dispatches to its subcommands. Exit status 0 ok, 1 failed, 2 bad usage.
@MainActor
enum LabCommand {
    struct Subcommand {
        let name: String
        let usage: String
        let summary: String
        let run: @MainActor ([String]) async throws -> Int32
    }

    static let subcommands: [Subcommand] = [
        Subcommand(name: "list", usage: "lab list [--json]", summary: "List the lessons and their variants", run: ListCommand.run),
        Subcommand(name: "run", usage: "lab run LESSON [lesson flags]", summary: "Run a lesson (same flags as its executable; try --help)", run: runLesson),
        Subcommand(name: "bench", usage: "lab bench [FILTER…] [--quick] …", summary: "Time the lessons' variants and the primitives; reports and baselines", run: { arguments in
            await BenchCommand(suites: BenchmarkCatalog.all()).run(arguments)
        }),
        Subcommand(name: "doctor", usage: "lab doctor [--json]", summary: "Measure this machine's concurrency facts", run: DoctorCommand.run),
        Subcommand(name: "exercises", usage: "lab exercises", summary: "The classroom exercises and your progress", run: { try await ClassroomCommands.run("exercises", $0) }),
        Subcommand(name: "check", usage: "lab check [EXERCISE]", summary: "Check an exercise (the next unsolved one by default)", run: { try await ClassroomCommands.run("check", $0) }),
        Subcommand(name: "watch", usage: "lab watch [EXERCISE]", summary: "Check again each time you save", run: { try await ClassroomCommands.run("watch", $0) }),
        Subcommand(name: "hint", usage: "lab hint [EXERCISE]", summary: "One more hint, more specific each time", run: { try await ClassroomCommands.run("hint", $0) }),
        Subcommand(name: "reset", usage: "lab reset EXERCISE", summary: "Put an exercise back as it started (your version is kept)", run: { try await ClassroomCommands.run("reset", $0) }),
        Subcommand(name: "solution", usage: "lab solution EXERCISE", summary: "The reference solution, once you solved it", run: { try await ClassroomCommands.run("solution", $0) }),
        Subcommand(name: "grade", usage: "lab grade PATH… [--jobs N] [--out DIR]", summary: "Grade a class: every student's folder, in the sandbox, into CSV, JSON and HTML", run: { try await ClassroomCommands.grade($0) }),
        Subcommand(name: "progress", usage: "lab progress [--json]", summary: "Your progress (--json for a teacher)", run: { try await ClassroomCommands.run("progress", $0) }),
        Subcommand(name: "help", usage: "lab help [COMMAND]", summary: "Show help for lab or one command", run: help),
    ]

    static func run(_ arguments: [String]) async -> Int32 {
        guard let first = arguments.first else {
            Output.line(Overview.text(terminal: .detect()))
            return 0
        }
        if first == "--help" || first == "-h" { return (try? await help([])) ?? 0 }
        if first == "--version" {
            Output.line("Concurrency Lab, built with Swift \(EnvironmentInfo.swiftLanguageVersion) (\(EnvironmentInfo.buildConfiguration))")
            return 0
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            let error = UsageError.unknownName(kind: "command", name: first,
                                               suggestion: Suggestion.closest(to: first, in: subcommands.map(\.name)))
            StandardError.usage(program: "lab", error, usage: "usage: lab <\(subcommands.map(\.name).joined(separator: "|"))> … (lab help for more)")
            return UsageError.exitCode
        }
        do {
            return try await command.run(Array(arguments.dropFirst()))
        } catch let error as UsageError {
            StandardError.usage(program: "lab \(command.name)", error, usage: "usage: \(command.usage)")
            return UsageError.exitCode
        } catch {
            StandardError.write("lab \(command.name): error: \(error)")
            return 1
        }
    }

    static func runLesson(_ arguments: [String]) async throws -> Int32 {
        guard let name = arguments.first, !name.hasPrefix("-") else {
            throw UsageError.missingArgument("lesson name: one of \(LessonCatalog.lessons.map(\.name).joined(separator: ", "))")
        }
        guard let lesson = LessonCatalog.lesson(named: name) else {
            if LessonCatalog.planned.contains(where: { $0.name == name }) {
                StandardError.write("lab run: error: lesson '\(name)' is planned but not built yet; `lab list` shows the lessons you can run")
                return UsageError.exitCode
            }
            let names = LessonCatalog.lessons.map(\.name) + LessonCatalog.planned.map(\.name)
            throw UsageError.unknownName(kind: "lesson", name: name, suggestion: Suggestion.closest(to: name, in: names))
        }
        return await LessonRunner.run(lesson, arguments: Array(arguments.dropFirst()))
    }

    static func help(_ arguments: [String]) async throws -> Int32 {
        let terminal = Terminal.detect()
        guard let name = arguments.first else {
            Output.line(Overview.text(terminal: terminal))
            return 0
        }
        guard arguments.count == 1, let command = subcommands.first(where: { $0.name == name }) else {
            throw UsageError.unknownName(kind: "command", name: name,
                                         suggestion: Suggestion.closest(to: name, in: subcommands.map(\.name)))
        }
        Output.line("usage: \(command.usage)\n\n\(command.summary).")
        if command.name == "bench" {
            Output.line("\n" + BenchCommand.help())
        }
        if command.name == "run" {
            Output.line("\nLesson flags:\n" + LessonOptions.parser.optionHelp())
        }
        return 0
    }
}

/// Standard output for `lab`, unbuffered like the lessons' console so lines never reorder.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
