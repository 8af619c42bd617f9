import Foundation
import LabCore
import LabFiles

/// Compiled files kept by the exact bytes of everything that made them, so that a compile whose
/// inputs are byte for byte an earlier one's is not run again: its files are written back
/// instead. The one store under the checks' objects (`CheckObjects`) and the answers' modules
/// (`AnswerModules`); each says what its key holds and why that is all the compile reads.
///
/// An entry is one file named by a hash of its key: the key's bytes, then each kept file's, each
/// with its length first. The key is compared whole when an entry is read (the hash only names
/// the file), and an entry cut short, or made for another key, is not restored. Entries are
/// written whole and renamed into place, so two batches keeping the same key at once each leave a
/// whole entry (the last rename stays). Trimming removes files another batch may be reading, so
/// it runs under the batches' exclusive lock only (`BatchGrading`).
struct KeptEntries: Sendable {
    let folder: URL
    /// The extension of this store's entries (`checkobject`, `answermodule`).
    let fileExtension: String
    /// Most entries kept; a trim leaves half as many, the most recently used.
    var capacity: Int

    func fileName(for key: some KeptKey) -> String {
        String(FNV1a.hash(key.bytes), radix: 16) + "." + fileExtension
    }

    /// Writes the files kept for `key` to `destinations`, in the order they were kept; false when
    /// there is no whole entry for `key` with that many files (nothing is then written).
    func restore(_ key: some KeptKey, to destinations: [URL]) -> Bool {
        let entry = folder.appendingPathComponent(fileName(for: key))
        guard let stored = try? Data(contentsOf: entry), let files = Self.files(in: stored, for: key),
            files.count == destinations.count
        else { return false }
        for (file, destination) in zip(files, destinations) {
            guard (try? ScratchFile.write(file, to: destination)) != nil else { return false }
        }
        // Used now: the last to go when the store is trimmed.
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: entry.path)
        return true
    }

    /// Keeps `files` (just made for `key`). A store that cannot be written, or a file that cannot
    /// be read, costs only time: nothing is kept.
    func keep(_ key: some KeptKey, files: [URL]) {
        var stored = Data()
        Self.append(key.bytes, to: &stored)
        for file in files {
            guard let made = try? Data(contentsOf: file), !made.isEmpty else { return }
            Self.append(made, to: &stored)
        }
        let entry = folder.appendingPathComponent(fileName(for: key))
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).partial")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? ScratchFile.write(stored, to: temporary)) != nil,
            rename(temporary.path, entry.path) == 0
        else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
    }

    /// Removes the entry for `key` (a build that restored it failed outside its answer: the entry
    /// may be what failed, and the next build makes it again).
    func forget(_ key: some KeptKey) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(fileName(for: key)))
    }

    /// Empties the store: the shared build its entries were made against was made again, differently.
    func empty() { try? FileManager.default.removeItem(at: folder) }

    /// The files stored after `key`'s own bytes; nil for another key's entry (a hash shared by two
    /// keys), a file cut short (a crash while it was written) or an empty file.
    static func files(in stored: Data, for key: some KeptKey) -> [Data]? {
        var rest = stored[...]
        guard let storedKey = part(of: &rest), storedKey == key.bytes else { return nil }
        var files: [Data] = []
        while !rest.isEmpty {
            guard let file = part(of: &rest), !file.isEmpty else { return nil }
            files.append(Data(file))
        }
        return files.isEmpty ? nil : files
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

    /// Whether `trim` has work: more than `capacity` entries, or a half-written file older than
    /// any write in progress (`AtomicFile.staleAfter`). Trimming removes files another batch may
    /// be reading or writing, so it waits for the batches' exclusive lock; a batch that finds a
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
        return stale || names.lazy.filter { $0.pathExtension == fileExtension }.count > capacity
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
        let entries = names.filter { $0.pathExtension == fileExtension }
        guard entries.count > capacity else { return }
        let used = { (file: URL) in
            (try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
        }
        for file in entries.sorted(by: { used($0) < used($1) }).prefix(entries.count - capacity / 2) {
            try? manager.removeItem(at: file)
        }
    }

    /// The compiles of a batch's builds under way, by key: two builds at once with the same key
    /// compile once, the second waiting for the first's entry. Two build workers on answers of one
    /// exercise (they go in order) compiled 17 checks twice in a full `--verify` whose checks all
    /// compiled (190 compiles for 173 objects).
    final class InFlight: Sendable {
        private let compiling = Locked<[Data: DispatchGroup]>([:])

        /// Nil: nobody compiles `key`, and the caller now does (it must call `finished`); else
        /// what to wait on while another build compiles it. Waited on by a build worker, a thread
        /// of the batch's own (`WorkerThreads`), never in an async context.
        func claim(_ key: some KeptKey) -> DispatchGroup? {
            compiling.withLock { compiling in
                if let other = compiling[key.bytes] { return other }
                let group = DispatchGroup()
                group.enter()
                compiling[key.bytes] = group
                return nil
            }
        }

        /// The compile of `key` claimed by the caller has ended, kept or not.
        func finished(_ key: some KeptKey) {
            compiling.withLock { $0.removeValue(forKey: key.bytes) }?.leave()
        }
    }
}

/// The bytes of everything a kept compile read: an entry of a `KeptEntries` store is taken only
/// for a key equal to its own.
protocol KeptKey: Sendable, Equatable {
    var bytes: Data { get }
}

/// A store of kept compiles over `KeptEntries` (`CheckObjects`, `AnswerModules`): what every such
/// store does with its entries, written once.
protocol KeptStore: Sendable {
    associatedtype Key: KeptKey
    var entries: KeptEntries { get }
}

extension KeptStore {
    /// Removes the entry for `key`: a build that restored it failed outside its answer (the entry
    /// may be what failed; the next build compiles again and keeps its files).
    func forget(_ key: Key) { entries.forget(key) }

    /// Empties the store: the shared build its entries were made against was made again, differently.
    func empty() { entries.empty() }

    /// See `KeptEntries.wantsTrim`.
    func wantsTrim(now: Date = Date()) -> Bool { entries.wantsTrim(now: now) }

    /// See `KeptEntries.trim`: under the batches' exclusive lock only.
    func trim() { entries.trim() }

    /// The bytes the entries were made against (`SharedInterfaces`), beside the store's folder.
    var madeAgainstFile: URL { entries.folder.appendingPathExtension("made-against") }

    /// Keeps the entries if they were made against `bytes`, compared whole; else empties the store
    /// and notes `bytes` as what the next entries are made against. Under the batches' exclusive
    /// lock only (after the shared build was made): no batch writes an entry meanwhile.
    func keepOnly(madeAgainst bytes: Data) {
        if (try? Data(contentsOf: madeAgainstFile)) == bytes { return }
        // Emptied first: a crash before the note is written leaves an empty store, never one
        // whose entries were made against other bytes than the note's.
        empty()
        try? AtomicFile.write(bytes, to: madeAgainstFile)
    }
}
