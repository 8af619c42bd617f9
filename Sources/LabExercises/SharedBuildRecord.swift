import Foundation
import LabCore

/// What `BatchToolchain.prepare` needs to skip its `swift build` when nothing it reads changed:
/// the toolchain read from the plan, the stamps of every input taken *before* that build
/// (the lab's sources and manifest, the support package), the stamps of what it made taken
/// after (the shared objects, the modules the answers compile against, the compiler), and the
/// `PATH` that chose the toolchain. A warm `lab check` spends about a second of its two in
/// SwiftPM deciding that nothing changed (docs/MEASUREMENTS.md, "Grading loops"); this
/// comparison takes milliseconds. Any difference, a missing file, or a record that cannot
/// be read means the build runs as before.
struct SharedBuildRecord: Codable, Equatable {
    let toolchain: BatchToolchain
    let inputs: ProtectedFiles
    let outputs: ProtectedFiles
    let path: String

    static let fileName = "shared-build.json"

    /// Stamps of the build's inputs, taken before the build runs: a file edited during the
    /// build then differs from its stamp, and the next check builds again.
    static func inputs(root: URL, package: URL) -> ProtectedFiles {
        ProtectedFiles(
            folders: [root.appendingPathComponent("Sources"), package],
            files: [root.appendingPathComponent("Package.swift")])
    }

    /// Stamps of what the answers' builds use from the shared build: the objects they link,
    /// every file in the folders they search for modules, and the compiler itself.
    static func outputs(of toolchain: BatchToolchain) -> ProtectedFiles {
        ProtectedFiles(
            folders: toolchain.moduleFolders.map { URL(fileURLWithPath: $0) },
            files: [URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath()]
                + toolchain.sharedObjects.map { URL(fileURLWithPath: $0) })
    }

    static func path(_ environment: [String: String]) -> String { environment["PATH"] ?? "" }

    /// The recorded toolchain, if every stamp and the `PATH` are as they were.
    static func reusable(
        in folder: URL, root: URL, package: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> BatchToolchain? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
            let record = try? JSONDecoder().decode(SharedBuildRecord.self, from: data),
            record.path == path(environment), record.inputs == inputs(root: root, package: package),
            !record.toolchain.sharedObjects.isEmpty, record.outputs == outputs(of: record.toolchain)
        else { return nil }
        return record.toolchain
    }

    /// Saves the record of a build that just succeeded; `inputs` were stamped before it ran.
    static func save(
        _ toolchain: BatchToolchain, inputs: ProtectedFiles, in folder: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let record = SharedBuildRecord(
            toolchain: toolchain, inputs: inputs, outputs: outputs(of: toolchain), path: path(environment))
        // Keys sorted: the same record is the same bytes whichever process saves it (a dictionary's
        // order is not), and the checks' objects and plans are keyed by a hash of those bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(try encoder.encode(record), to: folder.appendingPathComponent(fileName))
    }

    /// A hash of what the answers' builds use from the build recorded in `folder`: its toolchain,
    /// the stamps of what it made and the `PATH`, not its inputs. The checks' objects and plans are
    /// keyed by it. The inputs are every source of the lab's, so a change to the grader alone
    /// (which the shared build does not compile) changed the whole record, and every check was
    /// compiled again; the shared build it left as it was. Nil: no record to read.
    static func builtHash(in folder: URL) -> Data? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)),
            let record = try? JSONDecoder().decode(SharedBuildRecord.self, from: data)
        else { return nil }
        struct Built: Encodable {
            let toolchain: BatchToolchain
            let outputs: ProtectedFiles
            let path: String
        }
        // Sorted keys, as the record is saved: the same build is the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard
            let built = try? encoder.encode(
                Built(toolchain: record.toolchain, outputs: record.outputs, path: record.path))
        else { return nil }
        return Data(KeptEntries.littleEndian(FNV1a.hash(built)))
    }

    /// The file that names the build the kept stores were made against (its `builtHash`).
    static let storesFileName = "stores-made-for"

    /// Keeps the checks' objects, the answers' modules and the plans (`CheckObjects`, `AnswerModules`,
    /// `KeptPlans`) if the build just recorded
    /// in `folder` is the one they were made against, and empties them otherwise (dead entries:
    /// each is keyed by the hash of the build it was made against, so none would be taken). Called
    /// after SwiftPM made the build, under the batches' exclusive lock. Compared with the build the
    /// stores were made for, not with the record before this build: a build made again after a
    /// failure that was not the build's (a record spoilt, as `swift test` spoils one on purpose)
    /// made nothing new, and a full `--verify` after the tests compiled all of its ~180 checks again.
    /// A change to the grader alone (an input, never an output) keeps them too.
    static func keepStores(in folder: URL) {
        let marker = folder.appendingPathComponent(storesFileName)
        let built = builtHash(in: folder)
        if let built, (try? Data(contentsOf: marker)) == built { return }
        CheckObjects.kept(in: folder).empty()
        AnswerModules.kept(in: folder).empty()
        KeptPlans.kept(in: folder).empty()
        if let built {
            try? AtomicFile.write(built, to: marker)
        } else {
            try? FileManager.default.removeItem(at: marker)
        }
    }

    /// Forgets the record: the next `prepare` runs the build.
    static func forget(in folder: URL) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(fileName))
    }
}
