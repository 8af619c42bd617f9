import Foundation
import Testing

@testable import LabCore

/// A lesson's --html or --trace-out naming a device, FIFO or symlink writes through it: the name
/// is never swapped for a plain file, and a write that fails is one line and a non-zero exit.
@Suite("A lesson's output file is written where its name leads")
struct LessonOutputTargetTests {
    func temporaryDirectory() throws -> URL { try freshTemporaryFolder("lab-target") }

    func isSymlink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// Through links of the test's own: a lab that replaced the name (the defect) replaces
    /// those, never the machine's /dev/full or /dev/stdout.
    @Test(arguments: ["html", "trace-out"])
    func aFullDeviceIsOneLineAndExitOne(option: String) async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("full").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
        let result = try await ProcessRunner.run(
            "task-groups", ["--variant", "five-tasks", "--quiet", "--\(option)", link])
        expectEqual(result.status, 1)
        let lines = result.standardError.split(separator: "\n")
        expectEqual(lines, ["task-groups: error: cannot write \(link): no space left on device"], "\(lines)")
        expect(isSymlink(link), "the link is still a link")
    }

    @Test func aPageForStandardOutputIsPrintedThere() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("stdout").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/stdout")
        let result = try await ProcessRunner.run("task-groups", ["--variant", "five-tasks", "--quiet", "--html", link])
        expectEqual(result.status, 0, "\(result.standardError)")
        expectContains(result.standardOutput, "<!DOCTYPE html>")
        expect(isSymlink(link))
    }

    /// Not --quiet: the page is standard output's alone, whole, and the lesson's text goes to
    /// standard error (it ran into the page, before and after it).
    @Test func aPageOnStandardOutputHasItToItself() async throws {
        let result = try await ProcessRunner.run("task-groups", ["--variant", "five-tasks", "--html", "/dev/stdout"])
        expectEqual(result.status, 0, "\(result.standardError)")
        expect(result.standardOutput.hasPrefix("<!DOCTYPE html>"), "\(result.standardOutput.prefix(200))")
        expect(result.standardOutput.hasSuffix("</html>\n"), "\(result.standardOutput.suffix(200))")
        expectContains(result.standardError, "Page written to /dev/stdout")
        expectContains(result.standardError, "five-tasks")
    }

    /// A page shows what the run printed as well as its paragraphs, in order: the compiler's
    /// message a sentence introduces with a colon, the program's own lines, the claims of the
    /// sources (an audit found ten sentences ending in a colon and nothing after; with --quiet too,
    /// as `lab pages` runs the lessons).
    @Test(arguments: [[], ["--quiet"]])
    func aPageShowsWhatTheRunPrinted(extra: [String]) async throws {
        let result = try await ProcessRunner.run(
            "sync-vs-async",
            ["--variant", "async-await", "--variant", "sources-corrected", "--html", "/dev/stdout"] + extra)
        expectEqual(result.status, 0, "\(result.standardError)")
        let page = result.standardOutput
        let colon = try unwrap(page.range(of: "awaiting in it does not compile:</p>"))
        let error = try unwrap(page.range(of: "<div class=\"shown\"><pre>  error: &#39;async&#39; call in a function"))
        expect(colon.upperBound <= error.lowerBound, "the message follows the sentence that introduces it")
        expectContains(page, "│ Start ")
        expectContains(page, "✗ &quot;calling an async function creates a sub-task&quot;")
        expectContains(page, "by <em>suspending</em>")
        expectNotContains(page, "Where each step ran", "the terminal's tables of steps are the page's own drawings")
    }

    /// --json's report is standard output's too: the two cannot share it.
    @Test(arguments: ["html", "trace-out"])
    func jsonAndAFileOnStandardOutputAreOneLineAndExitTwo(option: String) async throws {
        let result = try await ProcessRunner.run(
            "task-groups", ["--variant", "five-tasks", "--json", "--\(option)", "/dev/stdout"])
        expectEqual(result.status, 2)
        expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        expect(lines.count == 1 && lines[0].contains("another file than standard output"), "\(lines)")
    }
}
