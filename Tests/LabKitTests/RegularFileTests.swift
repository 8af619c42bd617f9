import Foundation
import Testing

@testable import LabFiles

/// `RegularFile.read` reads an ordinary file and refuses, at once, anything else a path can name.
@Suite("Reading a regular file without waiting")
struct RegularFileTests {
    func temporaryDirectory() throws -> URL { try LabKitTests.temporaryDirectory(named: "lab-regular") }

    @Test func aFileIsReadWholeAndAnEmptyOneIsEmpty() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a")
        try Data("twelve bytes".utf8).write(to: file)
        #expect(RegularFile.read(file, atMost: 12) == .success(Data("twelve bytes".utf8)))
        #expect(RegularFile.read(file, atMost: 11) == .failure(.tooLarge))
        try Data().write(to: file)
        #expect(RegularFile.read(file, atMost: 0) == .success(Data()))
    }

    @Test func aFIFOAndADeviceAreRefusedWithoutWaiting() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // Without O_NONBLOCK the open would wait here for a writer, and the test until its limit.
        #expect(RegularFile.read(fifo, atMost: 1 << 20) == .failure(.notRegular))
        #expect(RegularFile.read(URL(fileURLWithPath: "/dev/zero"), atMost: 1 << 20) == .failure(.notRegular))
        #expect(RegularFile.read(folder, atMost: 1 << 20) == .failure(.notRegular))
        #expect(RegularFile.read(folder.appendingPathComponent("none"), atMost: 1) == .failure(.cannotOpen(ENOENT)))
    }

    @Test func linksAreFollowedOrRefusedAsAsked() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let symbolic = folder.appendingPathComponent("symbolic")
        try FileManager.default.createSymbolicLink(at: symbolic, withDestinationURL: file)
        #expect(RegularFile.read(symbolic, atMost: 1) == .success(Data("x".utf8)))
        #expect(RegularFile.read(symbolic, atMost: 1, followingLinks: false) == .failure(.cannotOpen(ELOOP)))
        #expect(RegularFile.read(file, atMost: 1, oneNameOnly: true) == .success(Data("x".utf8)))
        try #require(link(file.path, folder.appendingPathComponent("second name").path) == 0)
        #expect(RegularFile.read(file, atMost: 1, oneNameOnly: true) == .failure(.hasOtherNames))
        #expect(RegularFile.read(file, atMost: 1) == .success(Data("x".utf8)))
    }
}
