import Foundation
import Testing

@testable import LabExercises

/// An answer saved in another encoding than UTF-8 (an editor set to Latin-1 or Windows-1252) is
/// read by nobody: the student is told that, not only "cannot read PATH", which sent them to look
/// at the file's permissions (an audit's find). Both `lab check` and `lab grade` say it.
@Suite("An answer that is not UTF-8 is named as one")
struct UnreadableAnswerTests {
    let exercise = TestLab.catalog.exercise(named: "02")!

    @Test func checkAndGradeSayTheFileIsNotUTF8() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-latin1-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answer = folder.appendingPathComponent("ada/\(exercise.fileName)")
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        // The solution with a comment in Latin-1: "café", its é one byte (0xE9), no UTF-8.
        var bytes = try Data(contentsOf: TestLab.folder(exercise).solution)
        bytes.append(contentsOf: Array("// caf".utf8) + [0xE9] + Array("\n".utf8))
        try bytes.write(to: answer)

        let outcome = await BatchGrading(root: TestLab.root).grade([
            BatchGrading.Answer(exercise: exercise, source: answer)
        ])
        let message = try unwrap(outcome.first?.messages.first)
        expectContains(message, "cannot read")
        expectContains(message, "is not UTF-8 text")
        expect(!message.contains("\n"), "one line: \(message)")

        let student = ClassGrading.Student(
            name: "ada", exercisesFolder: answer.deletingLastPathComponent(),
            folder: answer.deletingLastPathComponent())
        let graded = try unwrap(
            ClassGrading.ungraded(.init(student: 0, exercise: exercise), student: student, root: TestLab.root))
        expectEqual(graded.status, .failed)
        expectContains(graded.message ?? "", "is not UTF-8 text")
    }
}
