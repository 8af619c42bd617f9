import Foundation
import LabCommandLine
import Testing

@testable import LabCore
@testable import LabFiles
@testable import lab

/// Where the lab writes: an unusable folder is said up front, in one line naming it; a class
/// report is never replaced silently, nor written by two runs at once.
@Suite("Output locations")
struct OutputLocationTests {
    func temporaryDirectory() throws -> URL { try freshTemporaryFolder("lab-outloc") }

    @Test func aClassReportAlreadyThereIsKeptUnlessReplaceIsGiven() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("class-report.json")
        try Data("last week's class".utf8).write(to: report)
        let result = try await ProcessRunner.run(
            "lab", ["grade", "Exercises", "--out", folder.path], environment: ["CONCURRENCY_LAB_HOME": folder.path])
        expectEqual(result.status, 2)
        expectContains(result.standardError, "already holds a class report", "\(result.standardError)")
        expectContains(result.standardError, "--replace")
        try expectEqual(String(contentsOf: report, encoding: .utf8), "last week's class")
        expectContains(LabSubcommand.grade.spec.help(), "--replace")
    }

    /// Found before grading, not after: a folder in the way of the HTML once failed the last
    /// write, after the CSV and JSON had been replaced.
    @Test func aFolderInTheWayOfAReportFileIsRefusedBeforeGrading() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("class-report.csv")
        try Data("last week's class".utf8).write(to: csv)
        let html = folder.appendingPathComponent("class-report.html")
        try FileManager.default.createDirectory(at: html, withIntermediateDirectories: false)
        let result = try await ProcessRunner.run(
            "lab", ["grade", "Exercises", "--out", folder.path, "--replace"],
            environment: ["CONCURRENCY_LAB_HOME": folder.path])
        expectEqual(result.status, 2)
        let lines = result.standardError.split(separator: "\n")
        expectEqual(
            lines,
            [
                "lab grade: error: cannot replace \(html.path): a folder is there, not a file; remove it, or give another --out"
            ],
            "\(lines)")
        expectNotContains(result.standardOutput, "Grading", "refused before any grading")
        try expectEqual(String(contentsOf: csv, encoding: .utf8), "last week's class")
    }

    /// A user's index.html or lesson page was once overwritten silently: now kept, before any
    /// lesson runs, unless --replace says otherwise.
    @Test(arguments: ["index.html", "actors.html"])
    func pagesKeepAFileAlreadyThereUnlessReplaceIsGiven(name: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent(name)
        try Data("my own page".utf8).write(to: mine)
        let result = try await ProcessRunner.run("lab", ["pages", "--out", folder.path])
        expectEqual(result.status, 2)
        let lines = result.standardError.split(separator: "\n")
        expectEqual(
            lines,
            [
                "lab pages: error: \(mine.path) already exists; give another --out, or add --replace to overwrite the pages there"
            ], "\(lines)")
        expectNotContains(result.standardOutput, "running", "refused before any lesson ran")
        try expectEqual(String(contentsOf: mine, encoding: .utf8), "my own page")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: folder.path), [name])
        expectContains(LabSubcommand.pages.spec.help(), "--replace")
    }

    /// `lab grade` and `lab pages` (and `lab bench --out`, ReportSetTests) each claim their folder.
    @Test(arguments: [["grade", "Exercises"], ["pages"]])
    func aSecondRunIntoTheSameFolderIsRefusedWhileTheFirstRuns(command: [String]) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // This test stands in for the first run: it holds the folder's lock.
        let held = try unwrap(try FileLock.tryHolding(folder: folder))
        defer { held.release() }
        let result = try await ProcessRunner.run(
            "lab", command + ["--out", folder.path], environment: ["CONCURRENCY_LAB_HOME": folder.path])
        expectEqual(result.status, 2)
        expectEqual(
            result.standardError.split(separator: "\n"),
            [
                "lab \(command[0]): error: another lab run is writing into \(folder.path); "
                    + "wait for it to finish, or give another --out"
            ])
        expectNotContains(result.standardOutput, "running", "refused before any lesson ran")
        // The lock is the folder's own: no file is left in it for another user to trip on.
        try expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test(arguments: ["CONCURRENCY_LAB_WORK", "CONCURRENCY_LAB_HOME"])
    func aFileWhereTheLabWantsAFolderIsOneLineNamingTheVariable(variable: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        var environment = [
            "CONCURRENCY_LAB_HOME": folder.path + "/home", "CONCURRENCY_LAB_WORK": folder.path + "/work",
        ]
        environment[variable] = file.path
        let result = try await ProcessRunner.run("lab", ["hint", "01"], environment: environment)
        expectEqual(result.status, 2)
        let lines = result.standardError.split(separator: "\n")
        expect(lines.count == 1 && lines[0].contains(variable) && lines[0].contains(file.path), "\(lines)")
        expectNotContains(result.standardError, "Domain=")
    }

    #if os(Linux)
        @Test func aFolderNothingCanBeWrittenIntoIsRefusedBeforeAnyLessonRuns() async throws {
            // /proc: its mode lets root write, yet nothing can be made in it.
            let result = try await ProcessRunner.run("lab", ["pages", "--out", "/proc"])
            expectEqual(result.status, 2)
            expectContains(result.standardError, "'/proc' for '--out': expected a folder you can write into")
            expect(result.standardOutput.isEmpty, "no lesson ran, no page was said written")
        }

        @Test func aWorkspaceThatCannotBeMadeIsSaidInWords() async throws {
            let result = try await ProcessRunner.run(
                "lab", ["hint", "01"], environment: ["CONCURRENCY_LAB_WORK": "/proc/x"])
            expectEqual(result.status, 2)
            expectContains(result.standardError, "CONCURRENCY_LAB_WORK is '/proc/x'", "\(result.standardError)")
            expectNotContains(result.standardError, "Domain=")
        }
    #endif

    @Test func aPageIsSaidWrittenOnlyWhenANewFileIsThere() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("x.html")
        expect(!PageFile.wasReplaced(page, since: PageFile.identity(page)), "never written")
        try AtomicFile.write(Data("old".utf8), to: page)
        let before = PageFile.identity(page)
        expect(!PageFile.wasReplaced(page, since: before), "the same old file")
        try AtomicFile.write(Data("new".utf8), to: page)
        expect(PageFile.wasReplaced(page, since: before))
    }
}
