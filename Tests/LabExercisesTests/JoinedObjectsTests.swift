import Foundation
import LabCore
import LabFiles
import LabProcesses
import Testing

@testable import LabExercises

/// Each answer's link takes the shared build's objects joined into one: every definition of
/// theirs is in it (the channel's interposers among them), and the record that lets a batch skip
/// SwiftPM stamps it, so a joined object changed since is never linked.
@Suite("The shared objects joined into one")
struct JoinedObjectsTests {
    @Test func theJoinedObjectDefinesEverySymbolAndAsksForEveryLibraryTheObjectsDo() async throws {
        #if os(Linux)
            let workFolder = TestLab.root.appendingPathComponent(".build-exercises/batch")
            let lock = workFolder.appendingPathComponent("batch.lock")
            let again = FileManager.default.temporaryDirectory.appendingPathComponent("joined-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: again) }
            try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
            // Under the batches' lock (a test beside this one may make the shared build again), and
            // briefly: four processes, whatever the number of objects.
            let (toolchain, apart, joined, joinedAgain, rejoinedKept) = try await OnAThreadOfItsOwn.blockingWork(
                named: "joined objects"
            ) {
                try FileLock.withLock(at: lock) {
                    let toolchain = try TestLab.wholeSharedBuild(in: workFolder)
                    let joined = try unwrap(toolchain.joinedObject, "no joined object on Linux")
                    let apart = try Self.read(toolchain.sharedObjects, toolchain: toolchain)
                    let first = try unwrap(JoinedObjects.join(toolchain, in: again))
                    let stamp = try FileManager.default.attributesOfItem(atPath: first)
                    let second = try unwrap(JoinedObjects.join(toolchain, in: again))
                    let kept =
                        try FileManager.default.attributesOfItem(atPath: second)[.systemFileNumber] as? Int
                        == stamp[.systemFileNumber] as? Int
                    return (
                        toolchain, apart, try Self.read([joined], toolchain: toolchain),
                        FileManager.default.contents(atPath: second) == FileManager.default.contents(atPath: joined),
                        kept
                    )
                }
            }
            expectEqual(toolchain.linkedObjects, [try unwrap(toolchain.joinedObject)])
            expect(toolchain.sharedObjects.count > 1)
            // The channel's interposers, which must be in each program, not found through the dynamic linker.
            expect(apart.symbols.isSuperset(of: ["swift_task_create", "swift_task_switch", "swift_asyncLet_begin"]))
            expectEqual(joined.symbols, apart.symbols)
            // The libraries the objects ask for (`.swift1_autolink_entries`), read from the joined one.
            expect(apart.libraries.contains("-lswiftCore"), "\(apart.libraries)")
            expectEqual(joined.libraries, apart.libraries)
            // The same objects joined again: the same bytes, and the file already there kept (its stamp
            // is the shared build's record's, which the kept plans follow).
            expect(joinedAgain, "a join of the same objects is the same object")
            expect(rejoinedKept, "a join that changed nothing replaced the file")
        #endif
    }

    /// Without a joined object (macOS, or a join that failed) the link takes the objects one by one.
    @Test func withoutAJoinedObjectTheLinkTakesTheObjects() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("joined-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("a.o").path
        let second = folder.appendingPathComponent("b.o").path
        let joinedPath = folder.appendingPathComponent("joined.o").path
        for path in [first, second, joinedPath] { try Data("o".utf8).write(to: URL(fileURLWithPath: path)) }
        let toolchain = BatchToolchain(
            swiftc: "/t/swiftc", compileFlags: [], linkFlags: [], sharedObjects: [first, second])
        expectEqual(toolchain.linkedObjects, [first, second])
        var joined = toolchain
        joined.joinedObject = joinedPath
        expectEqual(joined.linkedObjects, [joinedPath])
        // Its stamp is the record's: a joined object changed since the build is never linked.
        let stamped = Set(SharedBuildRecord.outputs(of: joined).stamps.keys)
        expect(stamped.isSuperset(of: [first, second, joinedPath]), "stamped: \(stamped.sorted())")
        expect(!SharedBuildRecord.outputs(of: toolchain).stamps.keys.contains(joinedPath))
    }

    /// The global symbols `objects` define, by the toolchain's `llvm-nm`, and the libraries they
    /// ask the link for, by its `swift-autolink-extract`: one process each, for all of them.
    static func read(
        _ objects: [String], toolchain: BatchToolchain
    ) throws -> (symbols: Set<String>, libraries: Set<String>) {
        let tools = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent()
        let nm = try ProcessCapture.run(
            tools.appendingPathComponent("llvm-nm"),
            ["--defined-only", "--extern-only", "--format=just-symbols"] + objects)
        expectEqual(nm.status, 0, "llvm-nm: \(nm.standardError)")
        // With more than one file, each file's symbols come after a line naming it.
        let headers = Set(objects.map { "\($0):" })
        let symbols = nm.standardOutput.split(separator: "\n").map(String.init).filter { !headers.contains($0) }
        let autolink = try ProcessCapture.run(
            tools.appendingPathComponent("swift-autolink-extract"), objects + ["-o", "-"])
        expectEqual(autolink.status, 0, "swift-autolink-extract: \(autolink.standardError)")
        return (Set(symbols), Set(autolink.standardOutput.split(separator: "\n").map(String.init)))
    }
}
