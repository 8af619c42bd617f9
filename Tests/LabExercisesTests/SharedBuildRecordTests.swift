import Foundation
import Testing

@testable import LabExercises

/// The record that lets a batch (and so `lab check`) skip SwiftPM is used only while every
/// input, every output and the `PATH` are as they were when its build ran.
@Suite("The shared build's record")
struct SharedBuildRecordTests {
    /// A lab, a support package and a build's outputs, all made up, in a fresh folder.
    struct Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-record-\(UUID().uuidString)")
        var root: URL { folder.appendingPathComponent("lab") }
        var package: URL { folder.appendingPathComponent("batch/package") }
        var batch: URL { folder.appendingPathComponent("batch") }
        var modules: URL { folder.appendingPathComponent("batch/scratch/Modules") }
        var object: URL { folder.appendingPathComponent("batch/scratch/LabCore.build/A.swift.o") }
        var compiler: URL { folder.appendingPathComponent("toolchain/swiftc") }
        let environment = ["PATH": "/toolchain/bin:/usr/bin"]

        var toolchain: BatchToolchain {
            BatchToolchain(
                swiftc: compiler.path,
                compileFlags: ["-I", modules.path, "-Xcc", "-I", "-Xcc", "/p/include", "-swift-version", "6"],
                linkFlags: [], sharedObjects: [object.path])
        }

        init() throws {
            for (path, text) in [
                ("lab/Package.swift", "// manifest"), ("lab/Sources/LabCore/A.swift", "let a = 1"),
                ("batch/package/Package.swift", "// support"), ("batch/scratch/Modules/LabCore.swiftmodule", "m"),
                ("batch/scratch/LabCore.build/A.swift.o", "o"), ("toolchain/swiftc", "c"),
            ] {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        /// What the made-up toolchain's compiles read (`SharedInterfaces`), as `prepare` reads it.
        var interfaces: SharedInterfaces { SharedInterfaces(of: toolchain, root: root, folder: batch) }

        func save(inputs: ProtectedFiles? = nil) throws {
            try SharedBuildRecord.save(
                toolchain, inputs: inputs ?? SharedBuildRecord.inputs(root: root, package: package),
                interfaces: interfaces.hashes, in: batch, environment: environment)
        }

        /// The build made again, as `prepare` ends: the record saved, the stores kept or emptied.
        func made() throws {
            try save()
            SharedBuildRecord.keepStores(in: batch, interfaces: interfaces)
        }

        func reusable(environment: [String: String]? = nil) -> BatchToolchain? {
            SharedBuildRecord.reusable(
                in: batch, root: root, package: package, environment: environment ?? self.environment)
        }

        /// Rewrites a file with other bytes (a later modification time, another size).
        func change(_ url: URL) throws {
            usleep(10_000)
            try Data("changed \(UUID())".utf8).write(to: url)
        }
    }

    /// A batch under the shared lock writes nothing shared: it asks whether the support package is
    /// as `writePackage` would write it, and leaves a package to write to a batch holding the lock alone.
    @Test func thePackageIsReadAsWrittenOrNotAtAllWithoutWritingIt() throws {
        let root = TestLab.root
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder), nil)
        expect(!FileManager.default.fileExists(atPath: folder.path), "asking wrote something")
        let package = try BatchToolchain.writePackage(root: root, folder: folder)
        expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder)?.path, package.path)
        let copy = package.appendingPathComponent(BatchToolchain.supportCopyFolder + "/CheckReport.swift")
        try Data("// an older CheckReport.swift".utf8).write(to: copy)
        expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder), nil)
        try expectEqual(String(contentsOf: copy, encoding: .utf8), "// an older CheckReport.swift", "asking rewrote it")
        try FileManager.default.removeItem(at: package.appendingPathComponent("Package.swift"))
        _ = try BatchToolchain.writePackage(root: root, folder: folder)
        expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder)?.path, package.path)
        // A file the lab no longer has (the support module was one file, Support.swift, before it
        // was split) would be compiled beside the files that replaced it: the package is not as
        // written while it is there, and writing the package removes it.
        // So would the channel's one C file beside the files it was split into (their symbols twice).
        for (path, text) in [
            (BatchToolchain.supportCopyFolder + "/Support.swift", "final class CheckReport {}"),
            ("Sources/CheckChannel/CheckChannel.c", "int lab_check_open(void) { return 0; }"),
        ] {
            let stale = package.appendingPathComponent(path)
            try Data(text.utf8).write(to: stale)
            expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder), nil, path)
            _ = try BatchToolchain.writePackage(root: root, folder: folder)
            expect(!FileManager.default.fileExists(atPath: stale.path), "\(path) was left in the package")
            expectEqual(BatchToolchain.writtenPackage(root: root, folder: folder)?.path, package.path)
        }
    }

    /// The support package is never named as the lab is: SwiftPM gives each module its package's
    /// name (`-package-name`), and an answer must not see the lab's `package` declarations.
    @Test(arguments: ["/work/main", "/home/ada/ConcurrencyLab", "/srv/package", "/srv/Package", "/srv/package/"])
    func theSupportPackageIsNeverNamedAsTheLab(root: String) {
        let folder = URL(fileURLWithPath: "/tmp/batch")
        let package = BatchToolchain.packageFolder(root: URL(fileURLWithPath: root), folder: folder)
        expectNotEqual(
            package.lastPathComponent.lowercased(), URL(fileURLWithPath: root).lastPathComponent.lowercased(), root)
        expectEqual(package.deletingLastPathComponent().path, folder.path)
    }

    /// A note of the compiler's about a declaration in the package's copy of a support file is
    /// named as the lab's own file, whichever file of the module it is in.
    @Test func aNoteAboutTheSupportNamesTheLabsOwnFile() {
        let line = "/tmp/x/package/Sources/CheckSupport/WakeWatch.swift:12:5: note: 'wait' declared here"
        expectEqual(
            Grader.namingTheSupport(line, inFolder: "Exercises/Support/CheckSupport"),
            "Exercises/Support/CheckSupport/WakeWatch.swift:12:5: note: 'wait' declared here")
        let other = "/tmp/x/package/Sources/check/Check.swift:3:1: error: nope"
        expectEqual(Grader.namingTheSupport(other, inFolder: "Exercises/Support/CheckSupport"), other)
    }

    /// The checks' objects and plans are keyed by a hash of the record's bytes, so the same record
    /// must be the same bytes whichever process saves it: its keys sorted, not in a dictionary's
    /// order (which differs from one process to the next).
    @Test func aRecordIsSavedWithItsKeysSorted() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        // Enough stamps that a dictionary's order is not the sorted one by luck.
        for index in 0..<30 {
            try Data("let v\(index) = \(index)".utf8).write(
                to: fixture.root.appendingPathComponent("Sources/LabCore/V\(index).swift"))
        }
        try fixture.save()
        let saved = try Data(contentsOf: fixture.batch.appendingPathComponent(SharedBuildRecord.fileName))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let sorted = try encoder.encode(JSONDecoder().decode(SharedBuildRecord.self, from: saved))
        expectEqual(saved, sorted)
    }

    @Test func aRecordOfUnchangedFilesIsUsed() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        expectEqual(fixture.reusable(), nil, "no record yet")
        try fixture.save()
        expectEqual(fixture.reusable(), fixture.toolchain)
        expectEqual(
            fixture.toolchain.moduleFolders, [fixture.modules.path], "the C compiler's -I is not a module folder")
    }

    @Test(arguments: ["lab/Sources/LabCore/A.swift", "lab/Package.swift", "batch/package/Package.swift"])
    func aChangedInputIsBuiltAgain(input: String) throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try fixture.save()
        try fixture.change(fixture.folder.appendingPathComponent(input))
        expectEqual(fixture.reusable(), nil, "\(input) changed")
    }

    /// The checks' objects are keyed by what the build made, not by what it read: a change to
    /// the grader's sources alone (an input) keeps them; an output made again does not.
    @Test func theKeyOfWhatWasBuiltFollowsTheOutputsOnly() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try fixture.save()
        let first = try unwrap(SharedBuildRecord.builtHash(in: fixture.batch))
        try fixture.change(fixture.root.appendingPathComponent("Sources/LabCore/A.swift"))
        try fixture.save()
        expectEqual(SharedBuildRecord.builtHash(in: fixture.batch), first, "an input changed, nothing was made again")
        try fixture.change(fixture.object)
        try fixture.save()
        expectNotEqual(SharedBuildRecord.builtHash(in: fixture.batch), first, "an object was made again")
        SharedBuildRecord.forget(in: fixture.batch)
        expectEqual(SharedBuildRecord.builtHash(in: fixture.batch), nil)
    }

    /// The checks' objects and the answers' modules stay while the module files (and headers)
    /// their compiles read are the same bytes, whatever else the build made again; the plans stay
    /// while the build recorded is the one they were made against, whatever record came between
    /// (a spoilt one, made again). Each goes when what it follows changed.
    @Test func theKeptStoresFollowWhatTheirCompilesRead() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let objects = CheckObjects.kept(in: fixture.batch).folder
        let modules = AnswerModules.kept(in: fixture.batch).folder
        let plans = KeptPlans.kept(in: fixture.batch).folder
        func keepOne() throws {
            for folder in [objects, modules, plans] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("kept".utf8).write(to: folder.appendingPathComponent("entry"))
            }
        }
        func kept() -> [Bool] {
            [objects, modules, plans].map {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("entry").path)
            }
        }
        try fixture.made()
        try keepOne()
        try fixture.made()
        expectEqual(kept(), [true, true, true], "the same build")
        try fixture.change(fixture.root.appendingPathComponent("Sources/LabCore/A.swift"))
        try fixture.made()
        expectEqual(kept(), [true, true, true], "a source changed, nothing was made again")
        try fixture.change(fixture.object)
        try fixture.made()
        expectEqual(kept(), [true, true, false], "an object made again, the same modules: only the plans go")
        try keepOne()
        for diagnosticsOnly in ["LabCore.swiftdoc", "LabCore.swiftsourceinfo"] {
            try Data("first".utf8).write(to: fixture.modules.appendingPathComponent(diagnosticsOnly))
            try fixture.made()
            try keepOne()
            try fixture.change(fixture.modules.appendingPathComponent(diagnosticsOnly))
            try fixture.made()
            expectEqual(kept(), [true, true, false], "\(diagnosticsOnly) changed: read for diagnostics only")
            try keepOne()
        }
        try Data("support".utf8).write(to: fixture.modules.appendingPathComponent("CheckSupport.swiftmodule"))
        try fixture.made()
        expectEqual(kept().prefix(2), [false, true], "the support module: a check reads it, an answer never")
        try keepOne()
        try fixture.change(fixture.modules.appendingPathComponent("LabCore.swiftmodule"))
        try fixture.made()
        expectEqual(kept().prefix(2), [false, false], "a module an answer imports changed")
        try keepOne()
        // The same size and the same times, other bytes: compared whole, not by stamp.
        let module = fixture.modules.appendingPathComponent("LabCore.swiftmodule")
        let attributes = try FileManager.default.attributesOfItem(atPath: module.path)
        let bytes = try Data(contentsOf: module)
        try Data(bytes.map { $0 ^ 1 }).write(to: module)
        try FileManager.default.setAttributes(
            [.modificationDate: try unwrap(attributes[.modificationDate])], ofItemAtPath: module.path)
        try fixture.made()
        expectEqual(kept().prefix(2), [false, false], "a module's bytes changed under its old stamp")
        try keepOne()
        try fixture.change(fixture.compiler)
        try fixture.made()
        expectEqual(kept(), [false, false, false], "another compiler")
        try keepOne()
        SharedBuildRecord.forget(in: fixture.batch)
        SharedBuildRecord.keepStores(in: fixture.batch, interfaces: fixture.interfaces)
        expectEqual(kept()[2], false, "no record: the plans go")
        try keepOne()
        try fixture.made()
        expectEqual(kept()[2], false, "a record again, after none: the plans were not made for it")
    }

    @Test func aNewSourceFileIsBuiltAgain() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try fixture.save()
        try Data("let b = 2".utf8).write(to: fixture.root.appendingPathComponent("Sources/LabCore/B.swift"))
        expectEqual(fixture.reusable(), nil)
    }

    @Test func aChangedOrMissingOutputIsBuiltAgain() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        for output in [fixture.object, fixture.modules.appendingPathComponent("LabCore.swiftmodule"), fixture.compiler]
        {
            try fixture.save()
            try fixture.change(output)
            expectEqual(fixture.reusable(), nil, "\(output.lastPathComponent) changed")
        }
        try fixture.save()
        try FileManager.default.removeItem(at: fixture.object)
        expectEqual(fixture.reusable(), nil, "an object is missing")
    }

    @Test func anotherPATHIsBuiltAgain() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try fixture.save()
        expectEqual(fixture.reusable(environment: ["PATH": "/other-toolchain/bin:/usr/bin"]), nil)
    }

    /// The inputs are stamped before the build: a file saved while SwiftPM ran may not have
    /// been compiled, so the record must not vouch for it.
    @Test func aFileChangedDuringTheBuildIsBuiltAgain() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let before = SharedBuildRecord.inputs(root: fixture.root, package: fixture.package)
        try fixture.change(fixture.root.appendingPathComponent("Sources/LabCore/A.swift"))
        try fixture.save(inputs: before)
        expectEqual(fixture.reusable(), nil)
    }

    @Test func aDamagedRecordIsNotUsed() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        try fixture.save()
        try Data("{half".utf8).write(to: fixture.batch.appendingPathComponent(SharedBuildRecord.fileName))
        expectEqual(fixture.reusable(), nil)
    }
}
