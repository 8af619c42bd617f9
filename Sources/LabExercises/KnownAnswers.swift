import Foundation
import LabCore

/// The answers CI grades for every exercise besides the student's: the untouched
/// starting file, the reference solution, other correct answers, and a catalogue of
/// known mistakes (honest ones first, then shortcuts), each with the message the
/// student must see. Files live in `Exercises/Mistakes/<id>/` and
/// `Exercises/Alternatives/<id>/`; each opens with comment lines
/// `// mistake: what the student did` (or `// alternative: …`) and, for a mistake,
/// `// expect: words the grader's message must contain`.
public struct KnownAnswer: Sendable {
    public enum Role: String, Sendable { case original, solution, alternative, mistake }
    public let role: Role
    public let file: URL
    public let summary: String
    /// For a mistake: the message must contain this (case-insensitive).
    public let expectedMessage: String?

    public static func all(for exercise: Exercise, root: URL) -> [KnownAnswer] {
        let exercises = root.appendingPathComponent("Exercises")
        var answers = [
            KnownAnswer(
                role: .original, file: exercises.appendingPathComponent(exercise.fileName),
                summary: "the starting file", expectedMessage: nil),
            KnownAnswer(
                role: .solution, file: exercises.appendingPathComponent("Solutions/\(exercise.fileName)"),
                summary: "the reference solution", expectedMessage: nil),
        ]
        for (folder, role) in [("Alternatives", Role.alternative), ("Mistakes", .mistake)] {
            let directory = exercises.appendingPathComponent("\(folder)/\(exercise.id)")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                $0.hasSuffix(".swift")
            }.sorted()
            for name in names {
                let file = directory.appendingPathComponent(name)
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                answers.append(
                    KnownAnswer(
                        role: role, file: file,
                        summary: header("// \(role.rawValue):", in: text) ?? name,
                        expectedMessage: header("// expect:", in: text)))
            }
        }
        return answers
    }

    static func header(_ prefix: String, in text: String) -> String? {
        text.split(separator: "\n").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `outcome` is what this answer must get; nil if so, else why not.
    public func problem(with outcome: CheckOutcome, exercise: Exercise) -> String? {
        switch role {
        case .solution, .alternative:
            return outcome.passed ? nil : "refused: \(outcome.messages.first ?? outcome.stage.rawValue)"
        case .original:
            if outcome.passed { return "the untouched file passes" }
            if exercise.kind == .makeItCompile {
                return outcome.stage == .compile ? nil : "should fail to compile, but \(outcome.stage.rawValue)"
            }
            let byBehaviour: Set<CheckOutcome.Stage> = [.checks, .timeout, .incomplete, .crash]
            return byBehaviour.contains(outcome.stage)
                ? nil : "fails only by \(outcome.stage.rawValue), not by its behaviour check"
        case .mistake:
            if outcome.passed { return "accepted as solved" }
            guard let expected = expectedMessage else { return "has no `// expect:` line" }
            let said = (outcome.messages + [outcome.details]).joined(separator: "\n")
            return said.localizedCaseInsensitiveContains(expected)
                ? nil : "refused, but without \"\(expected)\": \(outcome.messages.first ?? "")"
        }
    }
}

extension ExerciseCommands {
    /// CI's proof, for every exercise: the untouched file fails by its behaviour check,
    /// the solution and every alternative pass, every catalogued mistake fails with its message.
    public func verify(only filter: String? = nil) async throws -> Int32 {
        // A name that matches nothing is a mistake, not a vacuous success.
        let chosen = try filter.map { [try exercise($0, progress: Progress())] } ?? ExerciseCatalog.all
        var problems: [String] = []
        var table = Table(
            headers: ["exercise", "original", "solution", "alternatives", "mistakes"], rightAligned: [3, 4])
        for exercise in chosen {
            let grader = Grader(root: root, exercise: exercise)
            var cells: [KnownAnswer.Role: (ok: Int, total: Int)] = [:]
            for answer in KnownAnswer.all(for: exercise, root: root) {
                let outcome = await grader.grade(source: answer.file, scan: answer.role != .original)
                let problem = answer.problem(with: outcome, exercise: exercise)
                cells[answer.role, default: (0, 0)].total += 1
                if let problem {
                    problems.append(
                        "\(exercise.id) \(answer.role.rawValue) (\(answer.file.lastPathComponent), \(answer.summary)): \(problem)"
                    )
                    if outcome.stage == .compile && answer.role != .mistake && exercise.kind != .makeItCompile {
                        problems.append(
                            outcome.details.split(separator: "\n").prefix(12).map { "    " + $0 }.joined(
                                separator: "\n"))
                    }
                } else {
                    cells[answer.role, default: (0, 0)].ok += 1
                }
            }
            func cell(_ role: KnownAnswer.Role) -> String {
                let value = cells[role] ?? (0, 0)
                return value.total == 0 ? "—" : "\(value.ok)/\(value.total)" + (value.ok == value.total ? " ✔" : " ✘")
            }
            table.append([exercise.id, cell(.original), cell(.solution), cell(.alternative), cell(.mistake)])
        }
        say(table.render(on: terminal))
        for problem in problems { say("✘ " + problem) }
        say(
            problems.isEmpty
                ? "Every known answer gets the verdict it must."
                : "\(problems.count) known answers get the wrong verdict.")
        return problems.isEmpty ? 0 : 1
    }
}
