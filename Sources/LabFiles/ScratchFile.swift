import Foundation
import LabCore

/// Writes files the lab makes for its own work and can make again: a batch's sources and link
/// list, its stores' entries, the known mistakes written out whole. Never flushed to disk.
///
/// `AtomicFile` flushes each save (fsync) so that a user's file survives a crash of the machine.
/// Here that buys nothing, since a crash costs only a build made again, never a verdict (a
/// store's entry is checked against its key and size before use, a run's folder is removed
/// before it is written). A `--verify` flushed about six files an answer: 722 flushes and 3.43 s
/// waiting in them for 125 answers under strace (docs/MEASUREMENTS.md, session 63), though no
/// change in time was measurable on this machine's disk.
///
/// Foundation's own writes flush on Linux (`Data.write(to:)`, `FileManager.createFile`), so
/// these use the system's calls.
public enum ScratchFile {
    /// Creates `url` (or empties it), and its folder if need be, and writes `data`: for a file in a
    /// folder this process has to itself until the file is written (a run's own folder), which no
    /// reader sees half-written.
    public static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw AtomicFile.writeError(url, errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, naming: url)
    }

    /// Writes `data` beside `url` and renames it into place: a reader in another process sees
    /// the file whole, old or new. For a file others may read meanwhile (a store's entry, a known
    /// mistake two batches write out at once). A temporary left by a crash has `AtomicFile`'s name,
    /// and is swept as theirs are.
    public static func replace(_ data: Data, at url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            AtomicFile.temporaryPrefix(of: url) + "\(UUID().uuidString).tmp")
        do {
            try write(data, to: temporary)
            try AtomicFile.renameIntoPlace(temporary, url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, naming url: URL) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while done < bytes.count {
                let wrote = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                if wrote < 0 {
                    if errno == EINTR { continue }
                    throw AtomicFile.writeError(url, errno)
                }
                done += wrote
            }
        }
    }
}
