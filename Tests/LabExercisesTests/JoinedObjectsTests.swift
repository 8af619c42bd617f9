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
    @Test func theJoinedObjectDefinesEverySymbolTheObjectsDefine() async throws {
        #if os(Linux)
            let workFolder = TestLab.root.appendingPathComponent(".build-exercises/batch")
            let lock = workFolder.appendingPathComponent("batch.lock")
            let (toolchain, definedApart, definedJoined) = try await OnAThreadOfItsOwn.blockingWork(
                named: "joined objects"
            ) {
                try FileLock.withLock(at: lock) {
                    let toolchain = try TestLab.wholeSharedBuild(in: workFolder)
                    let joined = try unwrap(toolchain.joinedObject, "no joined object on Linux")
                    let apart = try toolchain.sharedObjects.reduce(into: Set<String>()) {
                        $0.formUnion(try Self.definedSymbols(in: $1, toolchain: toolchain))
                    }
                    return (toolchain, apart, try Self.definedSymbols(in: joined, toolchain: toolchain))
                }
            }
            expectEqual(toolchain.linkedObjects, [try unwrap(toolchain.joinedObject)])
            expect(toolchain.sharedObjects.count > 1)
            // The channel's interposers, which must be in each program, not found through the dynamic linker.
            expect(definedApart.isSuperset(of: ["swift_task_create", "swift_task_switch", "swift_asyncLet_begin"]))
            expectEqual(definedJoined, definedApart)
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

    /// The global symbols `object` defines, by the toolchain's `llvm-nm`.
    static func definedSymbols(in object: String, toolchain: BatchToolchain) throws -> Set<String> {
        let nm = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("llvm-nm")
        let result = try ProcessCapture.run(nm, ["--defined-only", "--extern-only", "--format=just-symbols", object])
        expectEqual(result.status, 0, "llvm-nm \(object): \(result.standardError)")
        return Set(result.standardOutput.split(separator: "\n").map(String.init))
    }
}
