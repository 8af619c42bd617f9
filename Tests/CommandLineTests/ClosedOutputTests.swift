import Foundation
import LabProcesses
import Testing

/// Standard output that goes away (`| head -1`) or cannot be written (a full disk) ends a
/// command as it ends any Unix program, but never before what the user made is kept: a solve in
/// the progress record, a class's report, a lesson's page (an audit lost each of them so).
@Suite("A closed standard output loses nothing the user made")
struct ClosedOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs a built product through `sh`, its standard output sent where `redirect` says.
    static func run(_ product: String, _ arguments: [String], redirect: String, environment: [String: String])
        async throws -> ProcessCapture
    {
        let path = try ProcessRunner.productsDirectory().appendingPathComponent(product).path
        let command = ([path] + arguments).map { "'\($0)'" }.joined(separator: " ") + " " + redirect
        return try await ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, timeout: 240)
    }

    @Test(arguments: ["> /dev/full", "| head -c 1 > /dev/null"])
    func aLessonsPageIsWrittenWhateverBecomesOfItsText(redirect: String) async throws {
        let folder = try freshTemporaryFolder("lab-closed-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let result = try await Self.run(
            "task-groups", ["--variant", "five-tasks", "--html", page.path, "--no-color"], redirect: redirect,
            environment: ["CONCURRENCY_LAB_HOME": folder.path])
        expectContains(try String(contentsOf: page, encoding: .utf8), "</html>")
        expectContains(result.standardError, "cannot write the output")
        if redirect.hasPrefix(">") { expectEqual(result.status, 1, "the failed output is said in the status") }
    }

    @Test func aSolveIsRecordedBeforeItsVerdictIsPrinted() async throws {
        let folder = try freshTemporaryFolder("lab-closed-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exercise = "01-suspend-not-block"
        let answer = folder.appendingPathComponent("work/\(exercise)/\(exercise).swift")
        try FileManager.default.createDirectory(
            at: answer.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contentsOf: Self.root.appendingPathComponent("Exercises/\(exercise)/solution.swift")).write(to: answer)
        let environment = [
            "CONCURRENCY_LAB_HOME": folder.appendingPathComponent("home").path,
            "CONCURRENCY_LAB_WORK": folder.appendingPathComponent("work").path,
        ]
        let check = try await Self.run("lab", ["check", "01"], redirect: "> /dev/full", environment: environment)
        expectEqual(check.status, 1, check.standardError)
        let progress = try await ProcessRunner.run("lab", ["progress", "--json"], environment: environment)
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(progress.standardOutput.utf8)) as? [String: Any])
        let exercises = try #require(record["exercises"] as? [[String: Any]])
        let first = try #require(exercises.first { ($0["id"] as? String) == exercise }, "\(record)")
        expectEqual(first["status"] as? String, "solved", "\(first)")
    }

    @Test func aClasssReportIsWrittenBeforeItsTableIsPrinted() async throws {
        let folder = try freshTemporaryFolder("lab-closed-output")
        defer { try? FileManager.default.removeItem(at: folder) }
        let exercise = "01-suspend-not-block"
        let student = folder.appendingPathComponent("class/ada/\(exercise)")
        try FileManager.default.createDirectory(at: student, withIntermediateDirectories: true)
        try Data(contentsOf: Self.root.appendingPathComponent("Exercises/\(exercise)/solution.swift"))
            .write(to: student.appendingPathComponent("\(exercise).swift"))
        let out = folder.appendingPathComponent("report")
        let grade = try await Self.run(
            "lab", ["grade", folder.appendingPathComponent("class/ada").path, "--out", out.path],
            redirect: "> /dev/full", environment: ["CONCURRENCY_LAB_HOME": folder.appendingPathComponent("home").path])
        expectEqual(grade.status, 1, grade.standardError)
        let written = try FileManager.default.contentsOfDirectory(atPath: out.path)
        expect(!written.isEmpty, "no report in \(out.path): \(grade.standardError)")
    }
}
