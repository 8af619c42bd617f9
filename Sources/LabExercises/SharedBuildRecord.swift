import Foundation
import LabCore
import LabFiles

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
    /// What the answers' and the checks' compiles read of this build, hashed (`SharedInterfaces`):
    /// the kept answers' modules and checks' objects are keyed by these, not by the stamps.
    let interfaces: SharedInterfaces.Hashes

    static let fileName = "shared-build.json"

    /// Stamps of the build's inputs, taken before the build runs: a file edited during the
    /// build then differs from its stamp, and the next check builds again.
    static func inputs(root: URL, package: URL) -> ProtectedFiles {
        ProtectedFiles(
            folders: [root.appendingPathComponent("Sources"), package],
            files: [root.appendingPathComponent("Package.swift")])
    }

    /// Stamps of what the answers' builds use from the shared build: the objects they link (and
    /// the one joined of them), every file in the folders they search for modules, and the compiler itself.
    static func outputs(of toolchain: BatchToolchain) -> ProtectedFiles {
        ProtectedFiles(
            folders: toolchain.moduleFolders.map { URL(fileURLWithPath: $0) },
            files: [URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath()]
                + (toolchain.sharedObjects + [toolchain.joinedObject].compactMap { $0 }).map {
                    URL(fileURLWithPath: $0)
                })
    }

    static func path(_ environment: [String: String]) -> String { environment["PATH"] ?? "" }

    /// The recorded toolchain, if every stamp and the `PATH` are as they were.
    static func reusable(
        in folder: URL, root: URL, package: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> BatchToolchain? {
        guard let record = read(in: folder), record.path == path(environment),
            record.inputs == inputs(root: root, package: package),
            !record.toolchain.sharedObjects.isEmpty, record.outputs == outputs(of: record.toolchain)
        else { return nil }
        return record.toolchain
    }

    /// Saves the record of a build that just succeeded; `inputs` were stamped before it ran.
    static func save(
        _ toolchain: BatchToolchain, inputs: ProtectedFiles, interfaces: SharedInterfaces.Hashes, in folder: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        let record = SharedBuildRecord(
            toolchain: toolchain, inputs: inputs, outputs: outputs(of: toolchain), path: path(environment),
            interfaces: interfaces)
        // Keys sorted: the same record is the same bytes whichever process saves it (a dictionary's
        // order is not), and the checks' objects and plans are keyed by a hash of those bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try AtomicFile.write(try encoder.encode(record), to: folder.appendingPathComponent(fileName))
    }

    /// The record saved in `folder`; nil: none, or one that cannot be read (an older lab's).
    static func read(in folder: URL) -> SharedBuildRecord? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(fileName)) else { return nil }
        return try? JSONDecoder().decode(SharedBuildRecord.self, from: data)
    }

    /// A hash of what the answers' builds use from the build recorded in `folder`: its toolchain,
    /// the stamps of what it made and the `PATH`, not its inputs. The driver's plans are keyed by
    /// it (`KeptPlans`), and a batch tells by it whether the build was made again meanwhile. The
    /// inputs are every source of the lab's, so a change to the grader alone (which the shared
    /// build does not compile) would change the whole record. Nil: no record to read.
    static func builtHash(in folder: URL) -> Data? { read(in: folder)?.builtHash }

    var builtHash: Data? {
        struct Built: Encodable {
            let toolchain: BatchToolchain
            let outputs: ProtectedFiles
            let path: String
        }
        // Sorted keys, as the record is saved: the same build is the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let built = try? encoder.encode(Built(toolchain: toolchain, outputs: outputs, path: path)) else {
            return nil
        }
        return Data(KeptEntries.littleEndian(FNV1a.hash(built)))
    }

    /// The file that names the build the kept plans were made against (its `builtHash`).
    static let storesFileName = "stores-made-for"

    /// After SwiftPM made the build, under the batches' exclusive lock: keeps each store whose
    /// entries were made against what the build just recorded in `folder` offers, and empties the
    /// others (dead entries: each is keyed by what it was made against, so none would be taken).
    ///
    /// The answers' modules and the checks' objects (`AnswerModules`, `CheckObjects`) follow the
    /// bytes their compiles read (`SharedInterfaces`), compared whole with those they were made
    /// against: a build made again with the same modules (a function's body changed, a record
    /// spoilt and made again, as `swift test` does on purpose) keeps them, and the next `--verify`
    /// compiles nothing again. The plans (`KeptPlans`) follow the build's record, as they name its
    /// paths: compared with the build the plans were made for, not with the record before this
    /// build, so a build made again after a failure that was not the build's keeps them too.
    static func keepStores(in folder: URL, interfaces: SharedInterfaces) {
        CheckObjects.kept(in: folder).keepOnly(madeAgainst: interfaces.check)
        AnswerModules.kept(in: folder).keepOnly(madeAgainst: interfaces.answer)
        let marker = folder.appendingPathComponent(storesFileName)
        let built = builtHash(in: folder)
        if let built, (try? Data(contentsOf: marker)) == built { return }
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
