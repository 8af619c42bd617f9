import Foundation
import Testing

@testable import LabCore
@testable import LabFiles

@Suite("Atomic files")
struct AtomicFileTests {
    func temporaryDirectory() throws -> URL { try LabKitTests.temporaryDirectory(named: "lab-tests") }

    @Test func atomicWriteReplacesTheWholeFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("file.txt")
        try AtomicFile.write(Data(String(repeating: "old ", count: 1000).utf8), to: url)
        try AtomicFile.write(Data("new".utf8), to: url)
        try expectEqual(String(contentsOf: url, encoding: .utf8), "new")
    }

    /// A replaced file keeps its permissions, by either way of saving: a report its owner had made
    /// private came back readable by everyone (the umask's mode for a new file).
    @Test func aReplacedFileKeepsItsPermissions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = directory.appendingPathComponent("report.html")
        let set = directory.appendingPathComponent("report.json")
        for (url, mode) in [(one, 0o600), (set, 0o640)] {
            try Data("old".utf8).write(to: url)
            try #require(chmod(url.path, mode_t(mode)) == 0)
        }
        try AtomicFile.write(Data("new".utf8), to: one)
        try AtomicFile.writeAll([(Data("new".utf8), set)])
        for (url, mode) in [(one, 0o600), (set, 0o640)] {
            var status = stat()
            try #require(stat(url.path, &status) == 0)
            expectEqual(Int(status.st_mode & 0o7777), mode, url.lastPathComponent)
            try expectEqual(String(contentsOf: url, encoding: .utf8), "new")
        }
    }

    @Test func aSaveSweepsTemporariesACrashLeftButNotOnesAWriterMayOwn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("inventory.json")
        let stale = directory.appendingPathComponent(".inventory.json.\(UUID().uuidString).tmp")
        let fresh = directory.appendingPathComponent(".inventory.json.\(UUID().uuidString).tmp")
        let otherFiles = directory.appendingPathComponent(".other.json.\(UUID().uuidString).tmp")
        for file in [stale, fresh, otherFiles] { try Data("half a save".utf8).write(to: file) }
        let longAgo = Date().addingTimeInterval(-10 * AtomicFile.staleAfter)
        for file in [stale, otherFiles] {
            try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: file.path)
        }
        try AtomicFile.write(Data("saved".utf8), to: url)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        expect(!names.contains(stale.lastPathComponent), "a crash's leftover is swept by the next save")
        expect(names.contains(fresh.lastPathComponent), "a young temporary may be another process's save in progress")
        expect(names.contains(otherFiles.lastPathComponent), "another file's temporaries are not ours to sweep")
        try expectEqual(String(contentsOf: url, encoding: .utf8), "saved")
    }
    /// A temporary that cannot be made is refused in the system's own words: every failure was
    /// once "permission denied" (an audit's 300-letter baseline name, run as root, was told so).
    @Test(arguments: [false, true])
    func aSaveThatCannotStartSaysWhyInTheSystemsWords(asSet: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Short enough to name, too long once the temporary's prefix and suffix are added.
        let url = directory.appendingPathComponent(String(repeating: "a", count: 240) + ".json")
        do {
            if asSet {
                try AtomicFile.writeAll([(Data("new".utf8), url)])
            } else {
                try AtomicFile.write(Data("new".utf8), to: url)
            }
            Issue.record("a file whose temporary's name is too long was written")
        } catch {
            let sentence = FileErrorWords.sentence(for: error) ?? "\(error)"
            expectContains(sentence, FileErrorWords.errno(ENAMETOOLONG))
            expectNotContains(sentence, "permission denied")
        }
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "nothing left behind")
    }
}
