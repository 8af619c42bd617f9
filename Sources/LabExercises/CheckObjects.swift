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
/// The key is every one of those inputs' bytes, the shared build's by its record's hash (the
/// record holds the stamps of its every object and module), and it is compared whole: its own
/// hash only names the file. `BatchToolchain.prepare` also empties the store whenever it builds
/// again and the build changed, so dead entries go. Each answer is still compiled and linked on its own, and the
/// binary that runs is the one its own link wrote.
///
/// The store is written by the grader only, under the batches' lock (builds only; shared by
/// batches that build at once: an entry is one whole file renamed into place, and of two batches
/// that keep an object for the same key, each object serves it and the last rename stays), and
/// trimmed only under the exclusive lock; an entry a build could not use is forgotten by that
/// build under either (a reader has read it whole, or reads nothing and compiles). Kept across batches where the sandbox keeps a check out
/// of the lab's folders (`Sandbox.confinesFiles`): otherwise a check could write an entry that
/// a later batch would link, and the store is the batch's own, gone with it.
struct CheckObjects: Sendable {
    let folder: URL
    /// The hash of the shared build's record as this batch read it (`SharedBuildRecord`: the
    /// stamps of every object and module the checks compile and link against), part of every
    /// key, so an object compiled against another build of it (made again by another `lab`, one
    /// without this store, say) is never taken; nil: the record could not be read, and nothing is
    /// kept or taken. A hash, not the record: the record is the grader's own (no student's text is
    /// in it) and about 80 kB, which every entry would otherwise hold.
    var sharedBuild: Data? = nil
    /// Most entries kept: a full `--verify` makes about a hundred (each about 100 kB).
    var capacity = 400
    /// The compiles of this batch's builds under way, by key: shared by every copy of the store.
    let inFlight = CompilesInFlight()

    /// The checks this batch's builds are compiling, so that two answers built at once with
    /// the same module compile their check once: the second waits for the first's object. Two
    /// build workers on answers of one exercise (they go in order) compiled 17 checks twice in a
    /// full `--verify` whose checks all compiled (190 compiles for 173 objects).
    final class CompilesInFlight: Sendable {
        private let compiling = Locked<[Data: DispatchGroup]>([:])

        /// Nil: nobody compiles `key`, and the caller now does (it must call `finished`); else
        /// what to wait on while another build compiles it. Waited on by a build worker, a thread
        /// of the batch's own (`WorkerThreads`), never in an async context.
        func claim(_ key: Key) -> DispatchGroup? {
            compiling.withLock { compiling in
                if let other = compiling[key.bytes] { return other }
                let group = DispatchGroup()
                group.enter()
                compiling[key.bytes] = group
                return nil
            }
        }

        /// The compile of `key` claimed by the caller has ended, kept or not.
        func finished(_ key: Key) {
            compiling.withLock { $0.removeValue(forKey: key.bytes) }?.leave()
        }
    }

    /// The store kept beside the shared build in `workFolder` (`BatchToolchain.prepare` empties it
    /// whenever SwiftPM made a build that differs).
    static func kept(in workFolder: URL) -> CheckObjects {
        CheckObjects(folder: workFolder.appendingPathComponent("check-objects"))
    }

    /// This store, for keys made against the shared build recorded in `workFolder` now.
    func against(sharedBuildIn workFolder: URL) -> CheckObjects {
        var store = self
        store.sharedBuild = SharedBuildRecord.builtHash(in: workFolder)
        return store
    }

    /// The bytes a check's compile depends on, the shared build's record included.
    struct Key: Sendable, Equatable {
        let bytes: Data

        init(sources: Grader.CheckSources, flags: [String], module: Data, sharedBuild: Data) {
            var bytes = Data()
            for part in [sources.check, "\(sources.checkLine)", sources.main, sources.support] + flags {
                Self.append(Data(part.utf8), to: &bytes)
            }
            Self.append(sharedBuild, to: &bytes)
            Self.append(module, to: &bytes)
            self.bytes = bytes
        }

        /// A compile whose object may name its own folder: a `#filePath` (or, in a Swift 5 mode,
        /// `#file`) is the path of the file that uses it, and a default argument of the answer's is
        /// filled in by the check, with the check's path (`…/runs/<batch>/<answer>/Sources/check/Check.swift`)
        /// in its object. Such an answer's check is always compiled for it.
        static func namesItsFolder(_ texts: [String]) -> Bool {
            texts.contains { $0.contains("#file") }
        }

        /// Each part with its length first, so no two lists of parts make the same bytes.
        static func append(_ part: Data, to bytes: inout Data) {
            bytes.append(contentsOf: littleEndian(UInt64(part.count)))
            bytes.append(part)
        }

        /// `value`'s eight bytes, the least significant first (as `part(of:)` reads a length back).
        static func littleEndian(_ value: UInt64) -> [UInt8] {
            (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }

        var fileName: String { String(FNV1a.hash(bytes), radix: 16) + ".checkobject" }
    }

    /// Writes the object kept for `key` to `destination`; false when there is none.
    func restore(_ key: Key, to destination: URL) -> Bool {
        let entry = folder.appendingPathComponent(key.fileName)
        guard let stored = try? Data(contentsOf: entry), let object = Self.object(in: stored, for: key),
            FileManager.default.createFile(atPath: destination.path, contents: object)
        else { return false }
        // Used now: the last to go when the store is trimmed.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: entry.path)
        return true
    }

    /// Keeps `object` (just compiled for `key`). A store that cannot be written costs only time.
    func keep(_ key: Key, object: URL) {
        guard let compiled = try? Data(contentsOf: object) else { return }
        var stored = Data()
        Key.append(key.bytes, to: &stored)
        Key.append(compiled, to: &stored)
        let entry = folder.appendingPathComponent(key.fileName)
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).partial")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            FileManager.default.createFile(atPath: temporary.path, contents: stored),
            rename(temporary.path, entry.path) == 0
        else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
    }

    /// The object stored after `key`'s own bytes, each with its length first; nil for another
    /// key's entry (a hash shared by two keys) or a file cut short (a crash while it was written).
    static func object(in stored: Data, for key: Key) -> Data? {
        var rest = stored[...]
        guard let storedKey = part(of: &rest), storedKey == key.bytes, let object = part(of: &rest), rest.isEmpty,
            !object.isEmpty
        else { return nil }
        return Data(object)
    }

    /// The next part of `rest` (its length, then that many bytes), taken off it.
    static func part(of rest: inout Data.SubSequence) -> Data.SubSequence? {
        let header = MemoryLayout<UInt64>.size
        guard rest.count >= header else { return nil }
        let length = rest.prefix(header).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * $1.offset) }
        rest = rest.dropFirst(header)
        guard length <= UInt64(rest.count) else { return nil }
        defer { rest = rest.dropFirst(Int(length)) }
        return rest.prefix(Int(length))
    }

    /// Removes the entry for `key`: a build that restored it failed outside its answer (the
    /// entry may be what failed; the next build compiles the check again and keeps its object).
    func forget(_ key: Key) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(key.fileName)) }

    /// Empties the store: the shared build it was compiled against was made again, differently.
    func empty() { try? FileManager.default.removeItem(at: folder) }

    /// Whether `trim` has work: more than `capacity` entries, or a half-written file older than
    /// any write in progress (`AtomicFile.staleAfter`). Trimming removes files another batch may
    /// be reading or writing, so it waits for the batches' exclusive lock; a batch that finds the
    /// store in want of it takes that lock instead of the shared one (`BatchGrading`).
    func wantsTrim(now: Date = Date()) -> Bool {
        guard
            let names = try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        else { return false }
        // A partial file gone before its date was read was a write in progress: renamed into place.
        let stale = names.contains { file in
            file.pathExtension == "partial"
                && ((try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate)
                    .map { now.timeIntervalSince($0) > AtomicFile.staleAfter } ?? false)
        }
        return stale || names.lazy.filter { $0.pathExtension == "checkobject" }.count > capacity
    }

    /// Keeps the store under `capacity` entries, the least recently used going first, and
    /// sweeps files a crash left half-written. Under the batches' exclusive lock only: no other
    /// batch is writing an entry then.
    func trim() {
        let manager = FileManager.default
        guard
            let names = try? manager.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        else { return }
        let partial = names.filter { $0.pathExtension == "partial" }
        for file in partial { try? manager.removeItem(at: file) }
        let entries = names.filter { $0.pathExtension == "checkobject" }
        guard entries.count > capacity else { return }
        let used = { (file: URL) in
            (try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
        }
        for file in entries.sorted(by: { used($0) < used($1) }).prefix(entries.count - capacity / 2) {
            try? manager.removeItem(at: file)
        }
    }
}
