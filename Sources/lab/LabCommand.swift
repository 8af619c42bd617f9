import Foundation
import LabBench
import LabBenchmarks
import LabCommandLine
import LabConsole
import LabCore
import LabExercises
import LabFiles
import LessonKit
import Lessons

/// The `lab` command: dispatches to its subcommands. Exit status 0 ok, 1 failed, 2 bad usage.
@MainActor
enum LabCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        // `lab -- list`: a `--` before the command ends no options, since `lab` has none of its own.
        let arguments = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        guard let first = arguments.first else {
            StandardOutput.line(Overview.text(terminal: .detect()))
            return 0
        }
        if first == "--help" || first == "-h" {
            // `lab --help check` is `lab help check`, as git and swift read it; a second word is an error.
            do {
                if arguments.count > 2 { throw UsageError.unexpectedArgument(arguments[2]) }
                return try help(named: arguments.dropFirst().first)
            } catch {
                StandardError.usage(program: "lab", error, help: "lab --help")
                return UsageError.exitCode
            }
        }
        if first == "--version" {
            // Nothing follows it: `lab --version --bogus` once printed the version and exit 0.
            if arguments.count > 1 {
                StandardError.usage(program: "lab", UsageError.unexpectedArgument(arguments[1]), help: "lab --help")
                return UsageError.exitCode
            }
            StandardOutput.line(
                "Concurrency Lab, built with Swift \(EnvironmentInfo.swiftLanguageVersion) (\(EnvironmentInfo.buildConfiguration))"
            )
            return 0
        }
        guard let command = LabSubcommand(rawValue: first) else {
            // `lab --bogus` is an option lab does not have, not a command named "--bogus".
            if first.hasPrefix("-") {
                StandardError.usage(
                    program: "lab",
                    UsageError.unknownOption(
                        first, suggestion: Suggestion.closest(to: first, in: ["--help", "--version"])),
                    help: "lab --help")
                return UsageError.exitCode
            }
            let error = UsageError.unknownName(
                kind: "command", name: first,
                suggestion: Suggestion.closest(to: first, in: LabSubcommand.allCases.map(\.rawValue)))
            StandardError.usage(program: "lab", error, help: "lab --help")
            return UsageError.exitCode
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case .bench:  // parses its own command line, to the same spec
                return await BenchCommand(suites: BenchmarkCatalog.all()).run(rest)
            case .stress:  // the command after '--' keeps its own options
                return try await StressCommand.run(rest)
            case .run:  // the lesson parses its own flags, as its executable does
                return try await runLesson(rest)
            default:
                let parsed = try command.spec.parse(rest)
                if parsed.flag("help") { return help(command) }
                return try await perform(command, parsed)
            }
        } catch let error as UsageError {
            StandardError.usage(program: "lab \(command.rawValue)", error, help: command.spec.helpPointer)
            return UsageError.exitCode
        } catch let error as ExerciseError {
            StandardError.write("lab \(command.rawValue): error: \(error)")
            if case .notSolvedYet = error { return 1 }
            return UsageError.exitCode
        } catch let error as LabSetupError {
            StandardError.write("lab \(command.rawValue): error: \(error)")
            return UsageError.exitCode
        } catch {
            // Never Foundation's "Error Domain=… UserInfo={…}": a file's problem in words, with its path.
            // An error of the lab's own says itself; Foundation's only in its localized words.
            let own = "\(error)"
            let words = own.hasPrefix("Error Domain=") ? error.localizedDescription : own
            StandardError.write("lab \(command.rawValue): error: \(FileErrorWords.sentence(for: error) ?? words)")
            return 1
        }
    }

    static func perform(_ command: LabSubcommand, _ parsed: ParsedArguments) async throws -> Int32 {
        switch command {
        case .list: return try ListCommand.run(json: parsed.flag("json"), noColor: parsed.flag("no-color"))
        case .doctor: return try await DoctorCommand.run(json: parsed.flag("json"), noColor: parsed.flag("no-color"))
        case .help: return try help(named: parsed.positionals.first, noColor: parsed.flag("no-color"))
        case .pages:
            return try await PagesCommand.run(
                folder: parsed.text("out") ?? "lab-pages", allVariants: parsed.flag("all"),
                noColor: parsed.flag("no-color"), replace: parsed.flag("replace"))
        case .run, .bench, .stress: preconditionFailure("dispatched before parsing")
        case .exercises, .check, .watch, .hint, .reset, .solution, .grade, .progress:
            try LabSetup.checkFolders()
            let commands = ExerciseCommands(
                root: try ExerciseCommands.findRoot(),
                terminal: .detect(noColorFlag: parsed.flag("no-color")))
            let name = parsed.positionals.first
            switch command {
            case .exercises:
                if let folder = parsed.text("write-answers") {
                    if parsed.flag("verify") {
                        throw UsageError.conflicting("write-answers", "verify")
                    }
                    return try commands.writeAnswers(
                        only: parsed.positionals, to: URL(fileURLWithPath: folder), replace: parsed.flag("replace"))
                }
                if parsed.flag("replace") { throw UsageError.onlyWith(option: "replace", command: "--write-answers") }
                return parsed.flag("verify")
                    ? try await commands.verify(only: parsed.positionals) : try commands.list(only: parsed.positionals)
            case .check:
                // The verdict is recorded in the student's progress whatever becomes of the text.
                StandardOutput.outlivesItsReader()
                return try await commands.check(name)
            case .watch: return try await commands.watch(name)
            case .hint: return try await commands.hint(name)
            case .reset: return try commands.reset(name)
            case .solution: return try commands.solution(name)
            case .progress: return try commands.progressReport(json: parsed.flag("json"))
            default:
                let output = parsed.text("out") ?? "class-report"
                let claim = try GradeOutput.claim(output, replace: parsed.flag("replace"))
                // The class's report is written whatever becomes of the text.
                StandardOutput.outlivesItsReader()
                defer { claim.release() }
                return try await commands.grade(
                    paths: parsed.positionals, workers: parsed.integer("jobs"), output: URL(fileURLWithPath: output))
            }
        }
    }

    static func runLesson(_ arguments: [String]) async throws -> Int32 {
        guard let name = arguments.first, !name.hasPrefix("-") else {
            if arguments.first == "--help" || arguments.first == "-h" { return help(.run) }
            throw UsageError.missingArgument(
                "lesson name: one of \(LessonCatalog.lessons.map(\.name).joined(separator: ", "))")
        }
        guard let lesson = LessonCatalog.lesson(named: name) else {
            let names = LessonCatalog.lessons.map(\.name)
            throw UsageError.unknownName(
                kind: "lesson", name: name, suggestion: Suggestion.closest(to: name, in: names))
        }
        return await LessonRunner.run(lesson, arguments: Array(arguments.dropFirst()))
    }

    static func help(named name: String?, noColor: Bool = false) throws -> Int32 {
        guard let name else { return help(nil, noColor: noColor) }
        guard let command = LabSubcommand(rawValue: name) else {
            throw UsageError.unknownName(
                kind: "command", name: name,
                suggestion: Suggestion.closest(to: name, in: LabSubcommand.allCases.map(\.rawValue)))
        }
        return help(command)
    }

    /// The overview, or one command's generated help.
    static func help(_ command: LabSubcommand?, noColor: Bool = false) -> Int32 {
        guard let command else {
            StandardOutput.line(Overview.text(terminal: .detect(noColorFlag: noColor)))
            return 0
        }
        StandardOutput.line(command.spec.help(width: Terminal.detect(noColorFlag: noColor).width))
        return 0
    }
}
