import Foundation
import Testing

/// `lab check` makes a missing answer file from the exercise's starting file. The first time that
/// is the start; after a check, the student's file is gone, and the verdict would be about code
/// they never wrote: the check says so first.
@Suite("A lost answer file")
struct LostAnswerFileTests {
    static let exercise = "11-actor-isolation"

    @Test func aFileGoneAfterACheckIsSaidToBeTheStartingFileAgain() async throws {
        let folder = try freshTemporaryFolder("lab-lost-file")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "CONCURRENCY_LAB_HOME": folder.appendingPathComponent("home").path,
            "CONCURRENCY_LAB_WORK": folder.appendingPathComponent("work").path,
        ]
        let answer = folder.appendingPathComponent("work/\(Self.exercise)/\(Self.exercise).swift")
        let first = try await ProcessRunner.run("lab", ["check", "11"], environment: environment)
        expectEqual(first.status, 1, first.standardOutput + first.standardError)
        expectNotContains(first.standardOutput, "was not there", "the first check makes the file: nothing was lost")
        let starter = try String(contentsOf: answer, encoding: .utf8)

        try FileManager.default.removeItem(at: answer)
        let second = try await ProcessRunner.run("lab", ["check", "11"], environment: environment)
        expectEqual(second.status, 1, second.standardOutput + second.standardError)
        let lines = second.standardOutput.split(separator: "\n")
        expectEqual(lines.count > 1 && lines[1].hasPrefix("  note: "), true, second.standardOutput)
        expectContains(
            second.standardOutput.replacingOccurrences(of: "\n   ", with: " ").replacingOccurrences(
                of: "\n  ", with: " "),
            "note: your file was not there, though you checked it before")
        try expectEqual(String(contentsOf: answer, encoding: .utf8), starter)

        let third = try await ProcessRunner.run("lab", ["check", "11"], environment: environment)
        expectNotContains(third.standardOutput, "was not there", "the file is there again")
    }
}
