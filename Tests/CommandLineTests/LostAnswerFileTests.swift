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
        // The untouched starting file is no attempt of the student's; their own code is.
        expectEqual(try await Self.attempts(environment), 0, "a check of the starting file counted an attempt")
        try Data((starter + "\n// my try\n").utf8).write(to: answer)
        _ = try await ProcessRunner.run("lab", ["check", "11"], environment: environment)
        expectEqual(try await Self.attempts(environment), 1)

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
        expectEqual(try await Self.attempts(environment), 1, "the starting file made again is no attempt either")
    }

    /// The exercise's attempts in the student's progress record.
    static func attempts(_ environment: [String: String]) async throws -> Int? {
        let progress = try await ProcessRunner.run("lab", ["progress", "--json"], environment: environment)
        let record = try JSONSerialization.jsonObject(with: Data(progress.standardOutput.utf8)) as? [String: Any]
        let exercises = record?["exercises"] as? [[String: Any]] ?? []
        return exercises.first { ($0["id"] as? String) == exercise }?["attempts"] as? Int
    }
}
