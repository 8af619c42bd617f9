import Foundation
import LabExercises
import LabKit

/// `lab exercises | check | hint | watch | reset | solution | progress`.
@MainActor
enum ClassroomCommands {
    static let parser = ArgumentParser(options: [
        OptionSpec("json", help: "JSON (progress)"),
        OptionSpec("verify", help: "Grade every known answer: originals fail, solutions and alternatives pass, catalogued mistakes fail with their message (exercises [PREFIX])"),
        OptionSpec("no-color", help: "Plain text"),
    ], maximumPositionals: 1)

    static let gradeParser = ArgumentParser(options: [
        OptionSpec("jobs", value: "N", help: "Workers grading at once (default: the number of CPUs)"),
        OptionSpec("out", value: "DIR", help: "Where to write class-report.csv, .json and .html (default: class-report)"),
        OptionSpec("no-color", help: "Plain text"),
    ], maximumPositionals: 10_000)

    static func grade(_ arguments: [String]) async throws -> Int32 {
        let parsed = try gradeParser.parse(arguments)
        let jobs = try parsed.unsignedInteger("jobs").map { value throws(UsageError) -> Int in
            guard (1...64).contains(value) else { throw UsageError.invalidValue(option: "jobs", value: "\(value)", expected: "a whole number from 1 to 64") }
            return Int(value)
        }
        let output = URL(fileURLWithPath: parsed.value("out") ?? "class-report")
        do {
            let commands = ExerciseCommands(root: try ExerciseCommands.findRoot(), terminal: .detect(noColorFlag: parsed.has("no-color")))
            return try await commands.grade(paths: parsed.positionals, workers: jobs, output: output)
        } catch let error as ExerciseError {
            StandardError.write("lab grade: error: \(error)")
            return UsageError.exitCode
        }
    }

    static func run(_ command: String, _ arguments: [String]) async throws -> Int32 {
        let parsed = try parser.parse(arguments)
        let name = parsed.positionals.first
        do {
            let commands = ExerciseCommands(root: try ExerciseCommands.findRoot(), terminal: .detect(noColorFlag: parsed.has("no-color")))
            switch command {
            case "exercises": return parsed.has("verify") ? try await commands.verify(only: name) : try commands.list()
            case "check": return try await commands.check(name)
            case "hint": return try commands.hint(name)
            case "watch": return try await commands.watch(name)
            case "reset": return try commands.reset(name)
            case "solution": return try commands.solution(name)
            default: return try commands.progressReport(json: parsed.has("json"))
            }
        } catch let error as ExerciseError {
            StandardError.write("lab \(command): error: \(error)")
            if case .notSolvedYet = error { return 1 }
            return UsageError.exitCode
        }
    }
}
