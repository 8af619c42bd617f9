import Foundation
import Testing

@testable import LabCore
@testable import LabFiles
@testable import LabProcesses

/// A build the lab starts leaves nothing in the system's temporary folder: a child `swift
/// build` run as the grader runs it (`/usr/bin/env TMPDIR=<work>/tmp swift build`) with a
/// private folder standing in for /tmp, which must stay empty.
@Suite("builds leave nothing in the temporary folder")
struct BuildTemporaryFolderTests {
    @Test func aBuildLeavesNoEntryInTheSystemsTemporaryFolderNorInTheLabsFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lab-tmpdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let systemTemporary = root.appendingPathComponent("system-tmp")
        let work = root.appendingPathComponent("work")
        let package = root.appendingPathComponent("package")
        for folder in [systemTemporary, work, package.appendingPathComponent("Sources/tiny")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "tiny", targets: [.executableTarget(name: "tiny")])
            """.utf8
        ).write(to: package.appendingPathComponent("Package.swift"))
        try Data("print(1)\n".utf8).write(to: package.appendingPathComponent("Sources/tiny/main.swift"))

        var inherited = ProcessInfo.processInfo.environment
        inherited["TMPDIR"] = systemTemporary.path
        let environment = inherited
        let build = try await OnAThreadOfItsOwn.blockingWork(named: "test swift build") {
            try BuildTemporaryFolder.using(in: work) { temporary in
                try ProcessCapture.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    [
                        "TMPDIR=\(temporary.path)", "swift", "build", "--package-path", package.path,
                        "--scratch-path", work.appendingPathComponent("scratch").path,
                    ],
                    environment: environment, timeout: 600, mergeErrors: true)
            }
        }
        expectEqual(build.status, 0, "\(build.standardOutput)")
        try expect(try FileManager.default.contentsOfDirectory(atPath: systemTemporary.path).isEmpty)
        expect(
            !FileManager.default.fileExists(atPath: work.appendingPathComponent("tmp").path),
            "the build's own folder is gone too")
    }

    @Test func aFolderInUseByAnotherBuildIsLeftAlone() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-tmpdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let outer = try BuildTemporaryFolder.using(in: work) { outer in
            let inner = try BuildTemporaryFolder.using(in: work) { inner in
                try Data().write(to: inner.appendingPathComponent("TemporaryDirectory.x"))
                return inner
            }
            expect(inner != outer && !FileManager.default.fileExists(atPath: inner.path))
            expect(FileManager.default.fileExists(atPath: outer.path), "the other build's folder stays while it runs")
            return outer
        }
        expect(!FileManager.default.fileExists(atPath: outer.path))
        expect(
            !FileManager.default.fileExists(atPath: work.appendingPathComponent("tmp").path),
            "an empty tmp is removed too")
    }

    /// A named folder is the same folder each time (the same `TMPDIR` for SwiftPM), removed
    /// after each use with whatever a child left in it.
    @Test func aNamedFolderIsTheSameEachTimeAndGoneAfterEach() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lab-tmpdir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        var seen: [URL] = []
        for _ in 0..<2 {
            let folder = try BuildTemporaryFolder.using(in: work, named: "swiftpm") { folder in
                try expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "it starts empty")
                try Data().write(to: folder.appendingPathComponent("TemporaryDirectory.x"))
                return folder
            }
            expect(!FileManager.default.fileExists(atPath: folder.path))
            seen.append(folder)
        }
        expectEqual(seen[0], seen[1], "the same path each time")
        expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("tmp").path))
    }
}
