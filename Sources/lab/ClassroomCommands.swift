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

    static func run(_ command: String, _ arguments: [String]) async throws -> Int32 {
        let parsed = try parser.parse(arguments)
        let name = parsed.positionals.first
        do {
            let commands = ExerciseCommands(root: try ExerciseCommands.findRoot(), terminal: .detect(noColorFlag: parsed.has("no-color")))
            switch command {
            case "exercises": return parsed.has("verify") ? await commands.verify(only: name) : try commands.list()
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
