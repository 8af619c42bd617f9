import Foundation
import LabCore
import LabFiles

/// The answers CI grades for every exercise besides the student's: the untouched
/// starting file, the reference solution, other correct answers (`alternatives/*.swift`,
/// each opening with `// alternative: …`), and the catalogue of known mistakes
/// (`mistakes/*.diff`, see `KnownMistake`), each with the message the student must see.
public struct KnownAnswer: Sendable {
    public enum Role: String, Sendable { case original, solution, alternative, mistake }
    public let role: Role
    /// The file graded: for a mistake, its diff applied to the solution, written out under
    /// `.build-exercises/known-answers/` (so a grader, like a student's, reads a whole file).
    public let file: URL
    /// The file in the catalogue: the same as `file` but for a mistake, whose diff it is.
    public let origin: URL
    public let summary: String
    /// For a mistake: the message must contain this (case-insensitive).
    public let expectedMessage: String?
    /// An alternative that stands in for a stalled machine by counting its calls says so with a
    /// line `// permits: kept state`; the scan lets it keep that state (`KeptState`).
    public var keepsState = false
    /// For a mistake caught only on some platforms (`platforms:`): whether this is one of them.
    /// Elsewhere its verdict is not judged.
    public var judgedHere = true

    /// Every known answer of `exercise`; a mistake whose diff cannot be read or applied is
    /// in `problems` instead, naming its file and why.
    public static func all(for exercise: Exercise, root: URL) -> (answers: [KnownAnswer], problems: [String]) {
        let folder = ExerciseFolder(root: root, id: exercise.id)
        var answers = [
            KnownAnswer(
                role: .original, file: folder.starter, origin: folder.starter, summary: "the starting file",
                expectedMessage: nil),
            KnownAnswer(
                role: .solution, file: folder.solution, origin: folder.solution, summary: "the reference solution",
                expectedMessage: nil),
        ]
        for file in ExerciseFolder.files(in: folder.alternatives, endingIn: ".swift") {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            var answer = KnownAnswer(
                role: .alternative, file: file, origin: file,
                summary: header("// alternative:", in: text) ?? file.lastPathComponent, expectedMessage: nil)
            answer.keepsState = header("// permits:", in: text) == "kept state"
            answers.append(answer)
        }
        var problems: [String] = []
        let written = materializedFolder(root: root).appendingPathComponent(exercise.id, isDirectory: true)
        for (diff, result) in KnownMistake.all(in: folder) {
            let shown = StudentWorkspace.displayPath(diff, root: root)
            do {
                let (mistake, text) = try result.get()
                let file = written.appendingPathComponent(mistake.name + ".swift")
                try FileManager.default.createDirectory(at: written, withIntermediateDirectories: true)
                try ScratchFile.replace(Data(text.utf8), at: file)
                var answer = KnownAnswer(
                    role: .mistake, file: file, origin: diff, summary: mistake.summary,
                    expectedMessage: mistake.expectedMessage)
                answer.judgedHere = mistake.platforms?.contains(KnownMistake.currentPlatform) ?? true
                answers.append(answer)
            } catch {
                problems.append("\(shown): \(error)")
            }
        }
        return (answers, problems)
    }

    /// Where mistakes are written out as whole files to be graded.
    static func materializedFolder(root: URL) -> URL {
        root.appendingPathComponent(".build-exercises/known-answers", isDirectory: true)
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
            // With what it was told: a verdict of another kind seen once in CI is named, not guessed.
            return byBehaviour.contains(outcome.stage)
                ? nil
                : "fails only by \(outcome.stage.rawValue), not by its behaviour check"
                    + (outcome.messages.first.map { ": \($0)" } ?? "")
        case .mistake:
            guard judgedHere else { return nil }
            if outcome.passed { return "accepted as solved" }
            guard let expected = expectedMessage else { return "has no expected message" }
            let said = (outcome.messages + [outcome.details]).joined(separator: "\n")
            return said.localizedCaseInsensitiveContains(expected)
                ? nil : "refused, but without \"\(expected)\": \(outcome.messages.first ?? "")"
        }
    }
}
