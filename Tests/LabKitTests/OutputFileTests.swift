import Foundation
import Testing

@testable import LabCore
@testable import LabFiles
@testable import LabProcesses

/// The files and folders a command writes: checked before the work, saved without replacing
/// a user's copy, locked against a second writer, and their errors said in words.
@Suite("Output files and folders")
struct OutputFileTests {
    func temporaryDirectory() throws -> URL { try LabKitTests.temporaryDirectory(named: "lab-out") }

    @Test func twoBackupsInTheSameInstantAreBothKept() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date()
        let first = try BackupFile.save(Data("A".utf8), in: folder, stem: "02-x", extension: "swift", now: now)
        let second = try BackupFile.save(Data("B".utf8), in: folder, stem: "02-x", extension: "swift", now: now)
        expectNotEqual(first, second)
        try expectEqual(String(contentsOf: first, encoding: .utf8), "A")
        try expectEqual(String(contentsOf: second, encoding: .utf8), "B")
        expect(first.lastPathComponent.hasPrefix("02-x-") && first.lastPathComponent.hasSuffix(".swift"))
        // Each copy was written whole under a hidden name first; none of those is left.
        expectEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
            [
                first.lastPathComponent, second.lastPathComponent,
            ])
    }

    @Test func aHeldLockRefusesASecondHolderUntilReleased() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(".lock")
        let first = try unwrap(try FileLock.tryHolding(at: url))
        try expect(
            try FileLock.tryHolding(at: url) == nil, "flock(2) locks are per open file: a second open waits its turn")
        first.release()
        try expect(try FileLock.tryHolding(at: url) != nil)
    }

    @Test func anOutputFolderIsCheckedBeforeTheWork() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(throws: OutputFolder.Problem(path: file.path, expected: "a folder (this is a file)")) {
            try OutputFolder.prepare(file.path)
        }
        #expect(throws: OutputFolder.Problem.self) { try OutputFolder.prepare(folder.path + "/no/such/new") }
        try expectEqual(OutputFolder.prepare(folder.path), URL(fileURLWithPath: folder.path, isDirectory: true))
        _ = try OutputFolder.prepare(folder.path + "/new")
        expect(FileManager.default.fileExists(atPath: folder.path + "/new"), "a new folder in an existing one is made")
        try expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new").isEmpty, "no probe left")
        _ = try OutputFolder.prepare(folder.path + "/deep/er", makingParents: true)
        expect(FileManager.default.fileExists(atPath: folder.path + "/deep/er"))
        #if os(Linux)
            // Writable by its mode for root, yet nothing can be made in it: found by trying.
            #expect(throws: OutputFolder.Problem.self) { try OutputFolder.prepare("/proc") }
        #endif
    }

    /// A symbolic link to nothing is neither a folder nor a name a folder can be made at (mkdir(2)
    /// finds it there): refused in one line before the work, not found by the first write after it.
    @Test func aLinkToNothingIsNoFolder() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link").path
        let nowhere = folder.appendingPathComponent("gone").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: nowhere)
        let problem = OutputFolder.Problem(
            path: link, expected: "a folder (this is a symbolic link to \(nowhere), which does not exist)")
        #expect(throws: problem) { try OutputFolder.prepare(link) }
        #expect(throws: problem) { try OutputFolder.prepare(link, makingParents: true) }
        #expect(throws: problem) { try OutputFolder.check(link) }
        #expect(throws: problem) { try OutputFolder.claim(link) }
    }

    @Test func aCheckMakesNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OutputFolder.check(folder.path + "/later")
        expect(!FileManager.default.fileExists(atPath: folder.path + "/later"))
        try expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no probe left")
        #expect(throws: OutputFolder.Problem.self) { try OutputFolder.check(folder.path + "/no/such/new") }
        try OutputFolder.check(folder.path + "/no/such/new", makingParents: true)
        try expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "still nothing made")
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        #expect(throws: OutputFolder.Problem.self) {
            try OutputFolder.check(folder.path + "/file/below", makingParents: true)
        }
        #if os(Linux)
            #expect(throws: OutputFolder.Problem.self) { try OutputFolder.check("/proc/x") }
            #expect(throws: OutputFolder.Problem.self) { try OutputFolder.check("/proc/x/y", makingParents: true) }
        #endif
    }

    /// A lesson's `--html` or `--trace-out` is refused before its run where `OutputFile.write` could
    /// not save it after: no file can be made in the folder, a folder or a socket is in the way.
    /// The check leaves nothing behind.
    @Test func aPlaceNoFileCanBeSavedInIsSaidBeforeTheRun() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        expectEqual(OutputFile.writeRefusal(folder.appendingPathComponent("new.html").path), nil)
        let existing = folder.appendingPathComponent("old.html")
        try Data("old".utf8).write(to: existing)
        expectEqual(OutputFile.writeRefusal(existing.path), nil)
        expectNotEqual(OutputFile.writeRefusal(folder.path), nil, "a folder")
        let socketPath = folder.appendingPathComponent("s").path
        // Glibc's SOCK_STREAM is an enum case, Darwin's an Int32.
        #if os(Linux)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        let socket = Foundation.socket(AF_UNIX, stream, 0)
        try require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try require(bound == 0)
        expectEqual(OutputFile.writeRefusal(socketPath), "it is a socket")
        #if os(Linux)
            expectNotEqual(
                OutputFile.writeRefusal("/proc/lab-output-test.html"), nil, "a folder nothing can be made in")
        #endif
        expectEqual(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)), ["old.html", "s"],
            "the probe is gone")
    }

    @Test func aFileErrorIsSaidInWordsWithItsPath() {
        let exists = CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: "/tmp/notdb.txt"])
        expectEqual(FileErrorWords.sentence(for: exists), "cannot write /tmp/notdb.txt: a file is in the way")
        let denied = CocoaError(
            .fileWriteNoPermission,
            userInfo: [
                NSURLErrorKey: URL(fileURLWithPath: "/ro/x"), NSUnderlyingErrorKey: POSIXError(.EACCES) as NSError,
            ])
        expectEqual(FileErrorWords.sentence(for: denied), "cannot write /ro/x: permission denied")
        for error in [exists as Error, denied] {
            expectNotContains((FileErrorWords.sentence(for: error) ?? ""), "Domain=")
        }
        struct Other: Error {}
        expectEqual(FileErrorWords.sentence(for: Other()), nil)
    }

    @Test func theFileHoldingAnAddressIsReadFromTheProcessMap() {
        let maps = """
            55d0c0000000-55d0c0100000 r-xp 00000000 08:01 1234   /work/lab/.build/debug/lab
            7f0000000000-7f0000001000 rw-p 00000000 00:00 0
            7f1000000000-7f1000100000 r-xp 00000000 08:01 99     /usr/lib/libc.so.6
            """
        expectEqual(ProcessMaps.file(containing: 0x55d0_c000_0010, maps: maps), "/work/lab/.build/debug/lab")
        expectEqual(ProcessMaps.file(containing: 0x7f10_0000_0000, maps: maps), "/usr/lib/libc.so.6")
        expectEqual(ProcessMaps.file(containing: 0x7f00_0000_0010, maps: maps), nil, "an anonymous mapping has no file")
        #if os(Linux)
            let me = ExecutableLocation.labImage?.path ?? ""
            expect(me.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: me), "\(me)")
        #endif
    }

    /// The whole map, however long: a sanitized build's lists its executable after hundreds of
    /// lines of the sanitizer's own, where a read of the first 4 kB (`String(contentsOfFile:)`
    /// on a /proc file) stopped, and `lab` found no lab folder (found by CI).
    #if os(Linux)
        @Test func theWholeMapIsReadPastItsFirstPage() throws {
            // Sixty-four more mappings, alternately protected so the kernel cannot merge them (never
            // read or written: only the map's length matters here).
            let pages = (0..<64).compactMap { index in
                mmap(nil, 4096, index % 2 == 0 ? PROT_READ : PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            }
            defer { for page in pages { munmap(page, 4096) } }
            let maps = try unwrap(ProcessMaps.read())
            expectAbove(maps.utf8.count, 4096, "\(maps.utf8.count) bytes")
            // The stack is mapped at the top of the address space: its line is among the last.
            expectContains(maps, "[stack]")
        }
    #endif
}
