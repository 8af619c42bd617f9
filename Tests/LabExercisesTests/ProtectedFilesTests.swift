import Foundation
import Testing

@testable import LabExercises

/// The grader's own look at the files a run must not change: every change an answer could
/// make is seen, and what is not the lab's (build folders) is not walked.
@Suite("Protected files")
struct ProtectedFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-protected-\(UUID().uuidString)")

    init() throws {
        for (path, text) in [
            ("Exercises/01/check.swift", "// check"), ("Exercises/01/solution.swift", "// solution"),
            ("Exercises/.build/huge.o", "o"), ("Exercises/02/.git/HEAD", "ref"),
        ] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    var exercises: URL { folder.appendingPathComponent("Exercises") }
    var check: URL { folder.appendingPathComponent("Exercises/01/check.swift") }
    func stamps() -> ProtectedFiles { ProtectedFiles(folders: [exercises], files: []) }

    @Test func everyFileIsStampedButNotFoldersNorWhatBuildsAndGitKeep() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        expectEqual(
            stamps().stamps.keys.sorted(),
            [
                exercises.path + "/01/check.swift", exercises.path + "/01/solution.swift",
            ])
        expectEqual(stamps(), stamps())
    }

    /// The same bytes' length, and the old modification time put back to the nanosecond: the
    /// status-change time, which no program can set back, still tells.
    @Test func aFileRewrittenWithItsOldTimesPutBackIsSeen() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = stamps()
        let old = try unwrap(before.stamps[check.path])
        usleep(20_000)
        try Data("// chuck".utf8).write(to: check)
        let descriptor = open(check.path, O_WRONLY)
        expectAtLeast(descriptor, 0)
        let times = [
            timespec(tv_sec: old.modified[0], tv_nsec: old.modified[1]),
            timespec(tv_sec: old.modified[0], tv_nsec: old.modified[1]),
        ]
        expectEqual(futimens(descriptor, times), 0)
        close(descriptor)
        let after = try unwrap(stamps().stamps[check.path])
        expect(after.modified == old.modified && after.size == old.size && after.inode == old.inode)
        expectNotEqual(after.changed, old.changed)
        expectEqual(stamps().changes(since: before), [check.path])
    }

    @Test func anAddedARemovedAndAReplacedFileAreSeen() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = stamps()
        let added = exercises.appendingPathComponent("01/extra.swift")
        try Data("x".utf8).write(to: added)
        let solution = exercises.appendingPathComponent("01/solution.swift")
        try FileManager.default.removeItem(at: solution)
        // Replaced by a link to a file of the same length: another inode, and a link.
        let elsewhere = folder.appendingPathComponent("elsewhere.swift")
        try Data("// chuck".utf8).write(to: elsewhere)
        try FileManager.default.removeItem(at: check)
        try FileManager.default.createSymbolicLink(at: check, withDestinationURL: elsewhere)
        expectEqual(stamps().changes(since: before), [check.path, added.path, solution.path].sorted())
    }

    /// A link to a folder is stamped as a link: what it names is not walked (it may be anywhere).
    @Test func aLinkedFolderIsNotWalked() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("o".utf8).write(to: outside.appendingPathComponent("file"))
        let link = exercises.appendingPathComponent("linked")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        expect(stamps().stamps.keys.contains(link.path))
        expect(!stamps().stamps.keys.contains { $0.hasPrefix(link.path + "/") })
    }
}
