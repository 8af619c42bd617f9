import Foundation
import Testing

@testable import LabExercises

/// What an answer's and a check's compiles read of the shared build (`SharedInterfaces`): every
/// folder and module map the flags name, read whole inside the lab and its build folder; the
/// channel's headers for the checks only, the support module's files for the checks only.
@Suite("What the compiles read of the shared build")
struct SharedInterfacesTests {
    /// Every path, whatever flag names it, Swift's or the C compiler's; not the module cache.
    @Test func theFlagsNameEveryPathTheCompilerReads() {
        let named = SharedInterfaces.named(by: [
            "-I", "/modules", "-target", "x86_64-unknown-linux-gnu", "-Xcc", "-I", "-Xcc", "/c/include",
            "-Xcc", "-I/joined/include", "-Xcc", "-fmodule-map-file=/c/module.modulemap", "-module-cache-path",
            "/cache", "-Xcc", "-fmodules-cache-path=/c/cache", "-Xcc", "-fPIC", "-swift-version", "6",
            "-Xcc", "-isystem", "-Xcc", "/system/include", "-F/frameworks", "-sdk", "/sdk", "-vfsoverlay", "/o.yaml",
            "-Xcc", "-fmodule-map-file=relative/module.modulemap",
        ])
        expectEqual(
            named,
            [
                "/modules", "/c/include", "/joined/include", "/c/module.modulemap", "/system/include", "/frameworks",
                "/sdk", "/o.yaml",
            ])
    }

    /// A lab with a module folder, the lab's C headers and the channel's, and a compiler outside.
    struct Fixture {
        let folder: URL
        var root: URL { folder.appendingPathComponent("lab") }
        var batch: URL { folder.appendingPathComponent("batch") }

        func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

        var toolchain: BatchToolchain {
            BatchToolchain(
                swiftc: url("toolchain/swiftc").path,
                compileFlags: [
                    "-I", url("batch/scratch/Modules").path,
                    "-Xcc", "-fmodule-map-file=\(url("batch/scratch/CLabShims.build/module.modulemap").path)",
                    "-Xcc", "-I", "-Xcc", url("lab/Sources/CLabShims/include").path,
                    "-Xcc", "-fmodule-map-file=\(url("batch/scratch/CheckChannel.build/module.modulemap").path)",
                    "-Xcc", "-I", "-Xcc", url("batch/package/Sources/CheckChannel/include").path,
                    // A flag the grader names nowhere: its folder is read all the same.
                    "-Xcc", "-isystem", "-Xcc", url("lab/Sources/Other/include").path,
                    "-swift-version", "6",
                ], linkFlags: [], sharedObjects: [])
        }

        /// In a folder of that name (a new one by default) in the temporary folder.
        init(named name: String = "lab-interfaces-\(UUID().uuidString)") throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            for path in [
                "batch/scratch/Modules/LabCore.swiftmodule", "batch/scratch/Modules/LabCore.swiftsourceinfo",
                "batch/scratch/Modules/CheckSupport.swiftmodule", "batch/scratch/CLabShims.build/module.modulemap",
                "lab/Sources/CLabShims/include/shims.h", "batch/scratch/CheckChannel.build/module.modulemap",
                "batch/package/Sources/CheckChannel/include/channel.h", "toolchain/swiftc",
                "lab/Sources/Other/include/other.h",
            ] {
                try FileManager.default.createDirectory(
                    at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("first \(path)".utf8).write(to: url(path))
            }
        }

        var read: SharedInterfaces { SharedInterfaces(of: toolchain, root: root, folder: batch) }
    }

    /// Which change reaches which compile: (the file changed, the answer's bytes change, the check's).
    @Test(arguments: [
        ("batch/scratch/Modules/LabCore.swiftmodule", true, true),
        ("batch/scratch/Modules/LabCore.swiftsourceinfo", false, false),
        ("batch/scratch/Modules/CheckSupport.swiftmodule", false, true),
        ("batch/scratch/CLabShims.build/module.modulemap", true, true),
        ("lab/Sources/CLabShims/include/shims.h", true, true),
        ("batch/scratch/CheckChannel.build/module.modulemap", false, true),
        ("batch/package/Sources/CheckChannel/include/channel.h", false, true),
        ("toolchain/swiftc", true, true),
        ("lab/Sources/Other/include/other.h", true, true),
    ])
    func eachFileReachesTheCompilesThatReadIt(path: String, answer: Bool, check: Bool) throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let before = fixture.read
        expectEqual(fixture.read, before, "read twice, the same bytes")
        usleep(10_000)
        try Data("second \(path), longer".utf8).write(to: fixture.url(path))
        let after = fixture.read
        expectEqual(after.answer != before.answer, answer, "the answer's bytes, \(path)")
        expectEqual(after.check != before.check, check, "the check's bytes, \(path)")
        expectEqual(after.hashes.answer != before.hashes.answer, answer, "the answer's hash, \(path)")
        expectEqual(after.hashes.check != before.hashes.check, check, "the check's hash, \(path)")
    }

    /// A header added where the compiler looks is read (a new one may shadow another), and one removed.
    @Test func aHeaderAddedOrRemovedChangesWhatIsRead() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let before = fixture.read
        let added = fixture.url("lab/Sources/CLabShims/include/added.h")
        try Data("int added(void);".utf8).write(to: added)
        expectNotEqual(fixture.read.answer, before.answer)
        try FileManager.default.removeItem(at: added)
        expectEqual(fixture.read, before)
        try FileManager.default.removeItem(at: fixture.url("lab/Sources/CLabShims/include/shims.h"))
        expectNotEqual(fixture.read.answer, before.answer)
    }

    /// The support module's files are known by their own names, not by a folder above them: with
    /// the lab in a folder named like one of them, every module was left out of an answer's bytes,
    /// so a declaration changed in LabCore kept answers' modules compiled against the old one.
    @Test func aFolderAboveNamedLikeTheSupportModuleLeavesNothingElseOut() throws {
        let fixture = try Fixture(named: "\(BatchToolchain.supportModule).old-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: fixture.folder) }
        let before = fixture.read
        try Data("second, longer".utf8).write(to: fixture.url("batch/scratch/Modules/LabCore.swiftmodule"))
        let after = fixture.read
        expectNotEqual(after.answer, before.answer, "LabCore's module is in the answer's bytes")
        expectNotEqual(after.hashes.answer, before.hashes.answer)
        try Data("second, longer".utf8).write(to: fixture.url("batch/scratch/Modules/CheckSupport.swiftmodule"))
        expectEqual(fixture.read.answer, after.answer, "the support module's is not")
        expectNotEqual(fixture.read.check, after.check)
    }
}
