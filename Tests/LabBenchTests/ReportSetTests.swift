import Foundation
import LabCore
import LabFiles
import Testing

@testable import LabBench

/// `lab bench --out` writes its reports as one set, checked before measuring: a folder in the
/// way of report.html was found only after the measuring, when report.json and report.md had
/// already been replaced beside the last run's HTML.
@Suite("lab bench --out: the reports as one set")
struct ReportSetTests {
    @Test func aFolderInTheWayOfOneReportIsRefusedBeforeMeasuringAndNothingIsReplaced() async throws {
        let home = try temporaryFolder("lab-bench-set-home")
        let out = try temporaryFolder("lab-bench-set-out")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: out)
        }
        try Data("last run's".utf8).write(to: out.appendingPathComponent("report.json"))
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("report.html"), withIntermediateDirectories: true)
        let measured = Locked(0)
        let command = Self.countingCommand(home: home, measured: measured)
        let status = await command.run([
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", "json,md,html",
            "--out", out.path, "--no-color",
        ])
        expectEqual(status, 2, "a folder in the way is the user's to fix")
        expectEqual(measured.withLock { $0 }, 0, "it measured before finding the folder in the way")
        expectEqual(
            try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8), "last run's",
            "the last run's report.json was replaced though the set could not be written")
        expectEqual(
            try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["report.html", "report.json"])
    }

    /// Two runs renaming one set's files at once could leave one's report.json beside the other's
    /// report.html: a folder another run holds (`lab grade`'s or `lab bench`'s claim) is refused
    /// before measuring, and once it is let go the same command measures and writes.
    @Test func aFolderAnotherRunIsWritingIntoIsRefusedBeforeMeasuring() async throws {
        let home = try temporaryFolder("lab-bench-set-home")
        let out = try temporaryFolder("lab-bench-set-out")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: out)
        }
        let measured = Locked(0)
        let command = Self.countingCommand(home: home, measured: measured)
        let arguments = [
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", "json",
            "--out", out.path, "--no-color",
        ]
        let other = try #require(try OutputFolder.claim(out.path))
        expectEqual(await command.run(arguments), 2, "another run's folder is the user's to wait for")
        expectEqual(measured.withLock { $0 }, 0, "it measured before finding the folder held")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [])
        other.release()
        expectEqual(await Self.onceLetGo { await command.run(arguments) == 0 }, true)
        expectAbove(measured.withLock { $0 }, 0)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["report.json"])
        let claimedAgain = await Self.onceLetGo {
            guard let again = try? OutputFolder.claim(out.path) else { return false }
            again.release()
            return true
        }
        expect(claimedAgain, "the run let its claim go")
    }

    /// A second run into the same folder once replaced the first run's reports without a word: the
    /// last run's set is kept in previous/, one run back and whole (a third run's previous/ holds
    /// the second run's files only, not one of the first's beside them), and the run says so.
    @Test func theLastRunsReportsAreKeptInPreviousOneRunBackAndWhole() async throws {
        let home = try temporaryFolder("lab-bench-previous-home")
        let out = try temporaryFolder("lab-bench-previous-out")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: out)
        }
        let measured = Locked(0)
        let command = Self.countingCommand(home: home, measured: measured)
        func run(_ formats: String) async -> Int32 {
            await Self.onceLetGo {
                await command.run([
                    "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", formats,
                    "--out", out.path, "--no-color",
                ]) == 0
            } ? 0 : 1
        }
        func read(_ name: String) throws -> Data { try Data(contentsOf: out.appendingPathComponent(name)) }
        func names(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(folder).path).sorted()
        }
        expectEqual(await run("json,md"), 0)
        expectEqual(try names("."), ["report.json", "report.md"], "a first run keeps nothing: there was nothing")
        let (firstJSON, firstMarkdown) = (try read("report.json"), try read("report.md"))
        expectEqual(await run("json,md"), 0)
        expectEqual(try names("previous"), ["report.json", "report.md"])
        expectEqual(try read("previous/report.json"), firstJSON, "the first run's report.json was not kept")
        expectEqual(try read("previous/report.md"), firstMarkdown)
        expectNotEqual(try read("report.json"), firstJSON, "the second run did not write its own report")
        let secondJSON = try read("report.json")
        // A file of the user's own in previous/ stays (a first version removed the folder whole).
        try Data("mine".utf8).write(to: out.appendingPathComponent("previous/notes.txt"))
        expectEqual(await run("json"), 0)
        expectEqual(try names("previous"), ["notes.txt", "report.json"], "previous/ mixed two runs' files")
        expectEqual(try read("previous/report.json"), secondJSON)
        expectEqual(try read("previous/notes.txt"), Data("mine".utf8), "the user's file in previous/ was lost")
        expectEqual(try names("."), ["previous", "report.json", "report.md"], "a staging file was left behind")
    }

    /// A run that writes no file (the terminal's report only) claims no folder, and so touches
    /// none: a first version swept the --out folder's temporaries all the same, a live run's too.
    @Test func aTerminalOnlyRunLeavesTheFolderAlone() async throws {
        let home = try temporaryFolder("lab-bench-previous-home")
        let out = try temporaryFolder("lab-bench-previous-out")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: out)
        }
        let saving = ".report.json.\(UUID().uuidString).tmp"
        try Data("another run's save".utf8).write(to: out.appendingPathComponent(saving))
        let measured = Locked(0)
        let status = await Self.countingCommand(home: home, measured: measured).run([
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", "terminal",
            "--out", out.path, "--no-color",
        ])
        expectEqual(status, 0)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), [saving])
    }

    /// A `previous` that is not a folder is the user's: refused before measuring, nothing replaced.
    @Test func aFileNamedPreviousIsRefusedBeforeMeasuring() async throws {
        let home = try temporaryFolder("lab-bench-previous-home")
        let out = try temporaryFolder("lab-bench-previous-out")
        defer {
            try? FileManager.default.removeItem(at: home)
            try? FileManager.default.removeItem(at: out)
        }
        try Data("notes".utf8).write(to: out.appendingPathComponent("previous"))
        try Data("last run's".utf8).write(to: out.appendingPathComponent("report.json"))
        let measured = Locked(0)
        let status = await Self.countingCommand(home: home, measured: measured).run([
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", "json",
            "--out", out.path, "--no-color",
        ])
        expectEqual(status, 2)
        expectEqual(measured.withLock { $0 }, 0, "it measured before finding previous in the way")
        expectEqual(try String(contentsOf: out.appendingPathComponent("previous"), encoding: .utf8), "notes")
        expectEqual(try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8), "last run's")
    }

    /// `body` until it says yes, a few times: a folder's lock let go in this process can stay held
    /// a moment longer by a child another test is starting (a fork holds a copy of every open
    /// descriptor until its exec closes it), and a claim does not wait. A real second run is
    /// another process, which no fork of this one touches.
    static func onceLetGo(_ body: () async -> Bool) async -> Bool {
        for _ in 0..<20 {
            if await body() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// A bench of one tiny suite whose two variants count the iterations they were given.
    static func countingCommand(home: URL, measured: Locked<Int>) -> BenchCommand {
        let suite = BenchmarkSuite(
            name: "tiny", kind: .primitive, summary: "", reference: "a",
            variants: [
                BenchmarkVariant("a") { iterations in measured.withLock { $0 += iterations } },
                BenchmarkVariant("b") { iterations in measured.withLock { $0 += iterations } },
            ])
        return BenchCommand(suites: [suite], environment: ["CONCURRENCY_LAB_HOME": home.path]).probingInstantly()
    }

    func temporaryFolder(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
