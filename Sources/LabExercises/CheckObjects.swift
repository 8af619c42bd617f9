import Foundation
import LabCore

/// Checks' compiled objects, kept so that a check is compiled once for all the answers whose
/// module it sees byte for byte the same, not once per answer.
///
/// Why that is sound: what a check's object depends on is the check's own sources, the flags,
/// the shared build and, of the answer, only its module file (`StudentCode.swiftmodule`:
/// declarations, types, layouts, never a function's body; the compile also opens the answer's
/// documentation and source-location files, which serve its diagnostics only). Nothing of the
/// answer's folder goes into the object: no debug information, and no path unless a source asks
/// for one with `#filePath` (such answers are not keyed: `Key.namesItsFolder`; the object still
/// differs in a hash of its own output path, `.swift_modhash`, which nothing reads). So two
/// answers that differ only inside their bodies (most of a catalogue's mistakes; most students'
/// answers to an exercise whose starting file fixes the declarations) give the same module file,
/// and the same check object. Seen: the solution of 03 and one of its mistakes, built in two
/// folders with two fingerprints, gave identical module files and identical check objects.
///
/// The key is every one of those inputs' bytes, the shared build's by a hash of what a check's
/// compile reads of it (`SharedInterfaces`: the compiler's stamp and every module file, module
/// map and header), and it is compared whole: its own hash only names the file. Whenever the
/// shared build is made again, `SharedBuildRecord.keepStores` compares those bytes whole with the
/// ones the entries were made against, and empties the store if they differ, so dead entries go
/// and no two builds' entries share a store. Each answer is still compiled and linked on its own,
/// and the binary that runs is the one its own link wrote.
///
/// The store is written by the grader only, under the batches' lock (builds only; shared by
/// batches that build at once: an entry is one whole file renamed into place, and of two batches
/// that keep an object for the same key, each object serves it and the last rename stays), and
/// trimmed only under the exclusive lock; an entry a build could not use is forgotten by that
/// build under either (a reader has read it whole, or reads nothing and compiles). Kept across batches where the sandbox keeps a check out
/// of the lab's folders (`Sandbox.confinesFiles`): otherwise a check could write an entry that
/// a later batch would link, and the store is the batch's own, gone with it.
struct CheckObjects: KeptStore {
    let folder: URL
    /// The hash of the shared build's record as this batch read it (`SharedBuildRecord.builtHash`:
    /// the stamps of every object and module the checks compile and link against): the driver's
    /// kept plans are keyed by it, and a batch tells by it whether the build was made again.
    var sharedBuild: Data? = nil
    /// What the answers' and checks' compiles read of that build, hashed (`SharedInterfaces`), as
    /// the same record holds them: part of every key, so an object compiled against other modules
    /// is never taken. Nil: the record could not be read, and nothing is kept or taken. A hash, not
    /// the bytes (about 800 kB, which every entry would otherwise hold): the bytes themselves are
    /// compared whole when the build is made (`keepOnly(madeAgainst:)`).
    var interfaces: SharedInterfaces.Hashes? = nil
    /// Most entries kept: a full `--verify` made 218 (47 MB in all).
    var capacity = 400
    /// The compiles of this batch's builds under way, by key: shared by every copy of the store.
    let inFlight = KeptEntries.InFlight()

    var entries: KeptEntries { KeptEntries(folder: folder, fileExtension: "checkobject", capacity: capacity) }

    /// The store kept beside the shared build in `workFolder` (`BatchToolchain.prepare` empties it
    /// whenever SwiftPM made a build that differs).
    static func kept(in workFolder: URL) -> CheckObjects {
        CheckObjects(folder: workFolder.appendingPathComponent("check-objects"))
    }

    /// This store, for keys made against the shared build recorded in `workFolder` now.
    func against(sharedBuildIn workFolder: URL) -> CheckObjects {
        var store = self
        let record = SharedBuildRecord.read(in: workFolder)
        store.sharedBuild = record?.builtHash
        store.interfaces = record?.interfaces
        return store
    }

    /// The bytes a check's compile depends on, what it reads of the shared build by their hash.
    struct Key: KeptKey {
        let bytes: Data

        init(sources: Grader.CheckSources, flags: [String], module: Data, interface: Data) {
            var bytes = Data()
            for part in [sources.check, "\(sources.checkLine)", sources.main, sources.support] + flags {
                KeptEntries.append(Data(part.utf8), to: &bytes)
            }
            KeptEntries.append(interface, to: &bytes)
            KeptEntries.append(module, to: &bytes)
            self.bytes = bytes
        }

        /// A compile whose object may name its own folder: a `#filePath` (or, in a Swift 5 mode,
        /// `#file`) is the path of the file that uses it, and a default argument of the answer's is
        /// filled in by the check, with the check's path (`…/runs/<batch>/<answer>/Sources/check/Check.swift`)
        /// in its object. Such an answer's check is always compiled for it.
        static func namesItsFolder(_ texts: [String]) -> Bool {
            texts.contains { $0.contains("#file") }
        }
    }

    /// Writes the object kept for `key` to `destination`; false when there is none.
    func restore(_ key: Key, to destination: URL) -> Bool { entries.restore(key, to: [destination]) }

    /// Keeps `object` (just compiled for `key`). A store that cannot be written costs only time.
    func keep(_ key: Key, object: URL) { entries.keep(key, files: [object]) }
}
