import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// `lab` as a user starts it: from PATH or through a symlink, from any folder; its help
/// saying what it accepts.
@Suite("How lab is started")
struct LabInvocationTests {
    /// Runs a shell line in `folder` (ProcessCapture has no working-directory option).
    func shell(_ line: String, in folder: URL, environment extra: [String: String] = [:]) async throws -> ProcessCapture
    {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        return try await ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$0\" && " + line, folder.path], environment: environment,
            timeout: 120)
    }

    @Test func theLabFolderIsFoundFromPathAndThroughASymlink() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let products = try ProcessRunner.productsDirectory()
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("lab"), withDestinationURL: products.appendingPathComponent("lab"))
        let environment = [
            "CONCURRENCY_LAB_HOME": folder.path + "/home", "CONCURRENCY_LAB_WORK": folder.path + "/work",
        ]
        let viaLink = try await shell("./lab progress", in: folder, environment: environment)
        expectEqual(viaLink.status, 0, "\(viaLink.standardError)")
        var onPath = environment
        onPath["PATH"] = products.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let fromPath = try await shell("exec lab progress", in: folder, environment: onPath)
        expectEqual(fromPath.status, 0, "\(fromPath.standardError)")
    }

    @Test func aDoubleDashBeforeTheCommandIsAllowed() async throws {
        let result = try await ProcessRunner.run("lab", ["--", "list"])
        expectEqual(result.status, 0, "\(result.standardError)")
    }

    @Test func theHelpSaysWhatIsAccepted() async throws {
        let overview = try await ProcessRunner.run("lab", ["--help"])
        expectContains(overview.standardOutput, "lab --version")
        let reset = try await ProcessRunner.run("lab", ["help", "reset"])
        expectNotContains(reset.standardOutput, "by default the next unsolved one", "reset needs its EXERCISE")
        expect(reset.standardOutput.contains("backups/") && !reset.standardOutput.contains("kept beside it"))
        let missing = try await ProcessRunner.run("lab", ["solution"])
        expect(missing.status == 2 && !missing.standardError.contains("by default"), "\(missing.standardError)")
        let check = try await ProcessRunner.run("lab", ["help", "check"])
        expectContains(check.standardOutput, "by default the next unsolved one", "check has a default")
        let stress = try await ProcessRunner.run("lab", ["stress", "--help"])
        let usage = stress.standardOutput.split(separator: "\n").drop { !$0.hasPrefix("usage:") }.prefix(2).joined()
        let dash = try unwrap(usage.range(of: "-- COMMAND"))
        expect(!usage[dash.upperBound...].contains("[--"), "options come before '--': \(usage)")
        let lesson = try await ProcessRunner.run("actors", ["--help"])
        expectContains(lesson.standardOutput, "an existing FILE is replaced")
    }
}
