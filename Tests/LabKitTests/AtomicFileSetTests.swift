import Foundation
import Testing

@testable import LabCore
@testable import LabFiles

/// A report of several files is saved as one: a failure leaves last run's set whole.
@Suite("Atomic sets of files")
struct AtomicFileSetTests {
    @Test func aFolderInTheWayOfTheLastFileLeavesTheOthersUntouched() throws {
        let folder = try LabKitTests.temporaryDirectory(named: "lab-set")
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("report.csv")
        let json = folder.appendingPathComponent("report.json")
        let html = folder.appendingPathComponent("report.html")
        try Data("old csv".utf8).write(to: csv)
        try Data("old json".utf8).write(to: json)
        try FileManager.default.createDirectory(at: html, withIntermediateDirectories: false)
        #expect(throws: AtomicFile.NotReplaceable(path: html.path, what: "a folder is there, not a file")) {
            try AtomicFile.writeAll([(Data("new".utf8), csv), (Data("new".utf8), json), (Data("new".utf8), html)])
        }
        try expectEqual(String(contentsOf: csv, encoding: .utf8), "old csv")
        try expectEqual(String(contentsOf: json, encoding: .utf8), "old json")
        expectEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
            [
                "report.csv", "report.json", "report.html",
            ], "no temporary left")
    }

    @Test func aWholeSetReplacesTheOldOne() throws {
        let folder = try LabKitTests.temporaryDirectory(named: "lab-set")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.csv")
        let second = folder.appendingPathComponent("b.json")
        try Data("old".utf8).write(to: first)
        try AtomicFile.writeAll([(Data("one".utf8), first), (Data("two".utf8), second)])
        try expectEqual(String(contentsOf: first, encoding: .utf8), "one")
        try expectEqual(String(contentsOf: second, encoding: .utf8), "two")
        try expectEqual(FileManager.default.contentsOfDirectory(atPath: folder.path).count, 2)
    }
}
