import Foundation
import Testing

@testable import LabCore
@testable import LabFiles

@Suite("Scratch files")
struct ScratchFileTests {
    func temporaryDirectory() throws -> URL { try LabKitTests.temporaryDirectory(named: "lab-tests") }

    @Test func aWriteLeavesExactlyTheNewBytesWhereALongerFileWas() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Exercise.swift")
        // More than one write(2) may take: every byte must land, in order.
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try ScratchFile.write(large, to: url)
        expectEqual(try Data(contentsOf: url), large)
        try ScratchFile.write(Data("short".utf8), to: url)
        try expectEqual(String(contentsOf: url, encoding: .utf8), "short", "the old file's tail is gone")
    }

    @Test func aReplaceRenamesAWholeFileIntoPlaceAndLeavesNoTemporary() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("mistake.swift")
        try ScratchFile.replace(Data(String(repeating: "old ", count: 1000).utf8), at: url)
        try ScratchFile.replace(Data("new".utf8), at: url)
        try expectEqual(String(contentsOf: url, encoding: .utf8), "new")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["mistake.swift"])
    }

    @Test(arguments: [false, true])
    func aWriteThatCannotBeMadeSaysWhyInTheSystemsWordsAndLeavesNothing(replacing: Bool) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Short enough to name, too long once a temporary's prefix and suffix are added; and too
        // long to name at all for a plain write.
        let url = directory.appendingPathComponent(String(repeating: "a", count: replacing ? 240 : 300))
        do {
            if replacing {
                try ScratchFile.replace(Data("x".utf8), at: url)
            } else {
                try ScratchFile.write(Data("x".utf8), to: url)
            }
            Issue.record("a file whose name is too long was written")
        } catch {
            let sentence = FileErrorWords.sentence(for: error) ?? "\(error)"
            expectContains(sentence, FileErrorWords.errno(ENAMETOOLONG))
        }
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [], "nothing left behind")
    }
}
