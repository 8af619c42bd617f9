import Foundation
import Testing

@testable import LabCore
@testable import LabFiles

/// A new set of reports replaces the last run's, which is kept in previous/, and no step that
/// fails loses a run: a first version kept the last run's set before writing the new one, and a
/// write that then failed left previous/ holding the set still in the folder, the run before lost.
@Suite("The last run's reports kept in previous/")
struct PreviousSetTests {
    /// The folder of a second run's reports, with the first run's in previous/.
    func secondRunsFolder() throws -> URL {
        let folder = try LabKitTests.temporaryDirectory(named: "lab-previous")
        let previous = folder.appendingPathComponent(AtomicFile.previousFolderName)
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        try Data("run 1".utf8).write(to: previous.appendingPathComponent("report.json"))
        try Data("run 2".utf8).write(to: folder.appendingPathComponent("report.json"))
        return folder
    }

    func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func names(_ folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test func aNewSetIsWrittenAndTheLastOneKept() throws {
        let folder = try secondRunsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = try AtomicFile.replaceKeepingPrevious(
            [(Data("run 3".utf8), folder.appendingPathComponent("report.json"))], in: folder,
            reportNames: ["report.json"])
        expectEqual(kept, ["report.json"])
        expectEqual(try text(folder, "report.json"), "run 3")
        expectEqual(try text(folder, "previous/report.json"), "run 2")
    }

    /// A set that cannot be staged (here a name the file system refuses for its temporary: the
    /// same road as a full disk) changes nothing: neither the folder's set nor previous/'s.
    @Test func aSetThatCannotBeWrittenKeepsBothRunsAsTheyWere() throws {
        let folder = try secondRunsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 250 characters: a name the folder takes, whose temporary (".NAME.<uuid>.tmp") it does not.
        let long = String(repeating: "r", count: 245) + ".json"
        #expect(throws: (any Error).self) {
            try AtomicFile.replaceKeepingPrevious(
                [
                    (Data("run 3".utf8), folder.appendingPathComponent("report.json")),
                    (Data("run 3".utf8), folder.appendingPathComponent(long)),
                ], in: folder, reportNames: ["report.json", long])
        }
        expectEqual(try text(folder, "report.json"), "run 2", "the folder's set was replaced")
        expectEqual(try text(folder, "previous/report.json"), "run 1", "the run before the last was lost")
        expectEqual(try names(folder), ["previous", "report.json"], "a temporary was left in the folder")
        expectEqual(try names(folder.appendingPathComponent("previous")), ["report.json"])
    }

    /// Temporaries of the reports' names left by a run that died (between a staging link and its
    /// rename, say) are removed: in the claimed folder whatever their age, in previous/ (which
    /// another run may claim as its own --out) once they are older than a save takes. A file of the
    /// user's own that only looks alike stays, and so does a fresh save in previous/.
    @Test func stagingFilesLeftByACrashAreSweptAndTheUsersFilesStay() throws {
        let folder = try secondRunsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = "previous/.report.json.\(UUID().uuidString).tmp"
        let fresh = "previous/.report.json.\(UUID().uuidString).tmp"
        let inFolder = ".report.json.\(UUID().uuidString).tmp"
        for leftover in [old, fresh, inFolder] {
            try Data("crashed".utf8).write(to: folder.appendingPathComponent(leftover))
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -2 * AtomicFile.staleAfter)],
            ofItemAtPath: folder.appendingPathComponent(old).path)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("previous/.notes.tmp"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent(".report.json.backup.tmp"))
        _ = try AtomicFile.replaceKeepingPrevious(
            [(Data("run 3".utf8), folder.appendingPathComponent("report.json"))], in: folder,
            reportNames: ["report.json"])
        expectEqual(try names(folder), [".report.json.backup.tmp", "previous", "report.json"])
        expectEqual(
            try names(folder.appendingPathComponent("previous")),
            [".notes.tmp", String(fresh.dropFirst("previous/".count)), "report.json"])
        expectEqual(try text(folder, "previous/report.json"), "run 2")
    }

    /// A folder in previous/ where a report is to be kept is refused before anything is kept or
    /// written: found only while keeping, it stopped the keep halfway.
    @Test func aFolderInTheWayInPreviousIsRefusedAndNothingChanges() throws {
        let folder = try secondRunsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("run 2".utf8).write(to: folder.appendingPathComponent("report.md"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("previous/report.md"), withIntermediateDirectories: true)
        #expect(throws: AtomicFile.NotReplaceable.self) {
            try AtomicFile.replaceKeepingPrevious(
                [
                    (Data("run 3".utf8), folder.appendingPathComponent("report.json")),
                    (Data("run 3".utf8), folder.appendingPathComponent("report.md")),
                ], in: folder, reportNames: ["report.json", "report.md"])
        }
        expectEqual(try text(folder, "report.json"), "run 2")
        expectEqual(try text(folder, "previous/report.json"), "run 1", "the keep began before the folder was found")
    }
}
