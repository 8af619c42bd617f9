import Foundation
import LabCore

/// Writes files so a reader sees the old content or the new, never half of either.
///
/// The data goes to a temporary file in the same directory, is flushed to disk,
/// then renamed over the target: rename(2) within one file system is atomic, so a
/// crash (even `kill -9`) mid-save leaves the previous file intact — and its
/// temporary file behind, which a later process's first save of the same file
/// sweeps away once it is old enough that no live writer can still own it.
public enum AtomicFile {
    /// A save takes milliseconds; a temporary file this old was left by a crash.
    public static let staleAfter: TimeInterval = 60

    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Leftovers come from crashes before this process saved; one sweep per
        // file per process finds them all, so later saves skip the listing.
        if swept.withLock({ $0.insert(url.standardizedFileURL.path).inserted }) {
            sweepStaleTemporaries(of: url)
        }
        let temporary = directory.appendingPathComponent(temporaryPrefix(of: url) + "\(UUID().uuidString).tmp")
        let handle = try createTemporary(temporary, for: url)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            try renameIntoPlace(temporary, url)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A new, empty temporary file for a save of `url`, open for writing; else the system's reason,
    /// naming `url`. (`FileManager.createFile` says only that it failed, which was reported as
    /// "permission denied" whatever the cause: a name too long, a full disk, a read-only mount.)
    /// A file it replaces keeps its permissions (and, for a save run as root, its owner): a class's
    /// report a teacher had made readable to them alone came back readable by everyone, as the
    /// umask said for a new file (an audit).
    static func createTemporary(_ temporary: URL, for url: URL) throws -> FileHandle {
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw writeError(url, errno) }
        var replaced = stat()
        if stat(url.path, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG {
            // The permission bits only: a set-user-ID bit is not carried onto new contents.
            _ = fchmod(descriptor, replaced.st_mode & 0o777)
            if geteuid() == 0 { _ = fchown(descriptor, replaced.st_uid, replaced.st_gid) }
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// rename(2) of a save's temporary over its place; else the system's reason, naming the place.
    static func renameIntoPlace(_ temporary: URL, _ url: URL) throws {
        guard rename(temporary.path, url.path) == 0 else { throw writeError(url, errno) }
    }

    /// A failed save of `url`, with the system's `code` as its reason.
    static func writeError(_ url: URL, _ code: Int32) -> CocoaError {
        CocoaError(
            .fileWriteUnknown,
            userInfo: [
                NSFilePathErrorKey: url.path,
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code)),
            ])
    }

    /// Files this process has already swept.
    private static let swept = Locked<Set<String>>([])

    static func temporaryPrefix(of url: URL) -> String { ".\(url.lastPathComponent)." }

    /// The names of this file's temporaries now in its folder: saves in progress, or
    /// left by a process that died between creating one and renaming it.
    public static func temporaries(of url: URL) -> Set<String> {
        let prefix = temporaryPrefix(of: url)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return Set(names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") })
    }

    /// Removes this file's temporaries older than `staleAfter`; younger ones may
    /// belong to another process saving right now, so they stay. Best effort:
    /// a file that cannot be read or removed is left alone.
    static func sweepStaleTemporaries(of url: URL, now: Date = Date()) {
        let directory = url.deletingLastPathComponent()
        for name in temporaries(of: url) {
            let path = directory.appendingPathComponent(name).path
            guard unchanged(path, for: staleAfter, now: now) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether the file at `path` was last modified more than `age` seconds before `now` (false
    /// when it cannot be read): a temporary that old was left by a writer that died.
    static func unchanged(_ path: String, for age: TimeInterval, now: Date = Date()) -> Bool {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        else { return false }
        return now.timeIntervalSince(modified) > age
    }
}
