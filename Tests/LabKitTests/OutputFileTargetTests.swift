import Foundation
import Testing

@testable import LabCore
@testable import LabFiles

/// A file the user names (`--html`, `--trace-out`) is written where the name leads: a symlink's
/// target, a device or FIFO in place, never replaced by a plain file.
@Suite("A named output file is written, not replaced")
struct OutputFileTargetTests {
    func temporaryDirectory() throws -> URL { try LabKitTests.temporaryDirectory(named: "lab-target") }

    func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test func aRegularFileIsStillReplacedAtomically() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.html").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        var before = stat()
        stat(path, &before)
        try OutputFile.write(Data("new".utf8), to: path)
        var after = stat()
        stat(path, &after)
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), "new")
        expectNotEqual(before.st_ino, after.st_ino, "a new file renamed over the old one, not the old one rewritten")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: folder.path), ["page.html"])
    }

    @Test func aSymlinkIsFollowedAndKept() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.html").path
        let link = folder.appendingPathComponent("link.html").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.html")
        try OutputFile.write(Data("new".utf8), to: link)
        expectEqual(kind(link), S_IFLNK, "the link stays a link")
        try expectEqual(String(contentsOfFile: target, encoding: .utf8), "new")

        // A link to nothing yet: the file is made where it points.
        let dangling = folder.appendingPathComponent("dangling.html").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "later.html")
        try OutputFile.write(Data("made".utf8), to: dangling)
        expectEqual(kind(dangling), S_IFLNK)
        try expectEqual(
            String(contentsOfFile: folder.appendingPathComponent("later.html").path, encoding: .utf8), "made")
    }

    @Test func aFIFOIsWrittenToItsReader() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        expectEqual(mkfifo(fifo, 0o600), 0)
        let payload = Data(String(repeating: "page ", count: 50_000).utf8)  // more than a pipe holds
        // Each end blocks until the other comes (a FIFO's open waits for its other side), so each
        // runs on a thread of its own: on the pool, on a one-CPU machine whose pool has one thread,
        // the writer's open held that thread and the reader's task never ran (the suite hung there).
        let reader = Task {
            try await OnAThreadOfItsOwn.blockingWork(named: "FIFO reader") { () throws -> Data in
                let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: fifo))
                defer { try? handle.close() }
                return try handle.readToEnd() ?? Data()
            }
        }
        try await OnAThreadOfItsOwn.blockingWork(named: "FIFO writer") { try OutputFile.write(payload, to: fifo) }
        #expect(try await reader.value == payload)
        expectEqual(kind(fifo), S_IFIFO, "the FIFO is still a FIFO")
    }

    #if os(Linux)
        /// Through a link of the test's own, so a writer that replaced the name (the defect)
        /// replaces the link, not the machine's /dev/full.
        @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
            let folder = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let link = folder.appendingPathComponent("full").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
            let error = #expect(throws: (any Error).self) { try OutputFile.write(Data("page".utf8), to: link) }
            expectEqual(
                error.flatMap(FileErrorWords.sentence(for:)), "cannot write \(link): no space left on device",
                "\(String(describing: error))")
            expectEqual(kind(link), S_IFLNK)
            expectEqual(kind("/dev/full"), S_IFCHR)
        }
    #endif

    @Test func aFolderIsRefused() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: (any Error).self) { try OutputFile.write(Data("x".utf8), to: folder.path) }
        expectEqual(error.flatMap(FileErrorWords.sentence(for:)), "cannot write \(folder.path): is a directory")
        expectEqual(kind(folder.path), S_IFDIR)
    }
}
