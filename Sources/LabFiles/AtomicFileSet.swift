import Foundation

extension AtomicFile {
    /// Saves several files as one report: every one is written whole under its temporary name
    /// before any is renamed into place, and each place is checked to take a rename first, so a
    /// failure (a full disk, a folder in the way) leaves the previous set whole, not half new.
    /// (Only a crash between two renames, microseconds apart, can still mix the sets.)
    public static func writeAll(_ files: [(data: Data, url: URL)]) throws {
        try stageAll(files).commit()
    }

    /// The first half of `writeAll`: every file written whole and flushed under its temporary name
    /// beside its place, each place checked to take a rename; nothing replaced yet. What may fail
    /// for want of room or rights fails here, so a caller can stage a set before it changes
    /// anything else (`replaceKeepingPrevious` keeps the last run's set only once the new one is
    /// staged).
    public static func stageAll(_ files: [(data: Data, url: URL)]) throws -> StagedSet {
        for (_, url) in files { try checkReplaceable(url) }
        var staged = StagedSet()
        for (data, url) in files {
            let directory = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let temporary = directory.appendingPathComponent(temporaryPrefix(of: url) + "\(UUID().uuidString).tmp")
            let handle = try createTemporary(temporary, for: url)
            staged.files.append((temporary, url))
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        }
        return staged
    }

    /// A set written under temporary names (`stageAll`): `commit` renames each into place; a set
    /// not committed, or whose commit failed, has its temporaries removed when it goes.
    public struct StagedSet: ~Copyable {
        fileprivate var files: [(temporary: URL, url: URL)] = []

        fileprivate init() {}

        public consuming func commit() throws {
            while let (temporary, url) = files.first {
                try AtomicFile.renameIntoPlace(temporary, url)
                files.removeFirst()
            }
        }

        deinit {
            for (temporary, _) in files { try? FileManager.default.removeItem(at: temporary) }
        }
    }

    /// A place a rename can replace: nothing yet, or a regular file (never a folder, a link or
    /// a device, which a rename would swap for a plain file or refuse halfway through the set).
    public static func checkReplaceable(_ url: URL) throws(NotReplaceable) {
        guard let kind = try kind(at: url) else { return }
        switch kind {
        case S_IFREG: return
        case S_IFDIR: throw NotReplaceable(path: url.path, what: "a folder is there, not a file")
        case S_IFLNK: throw NotReplaceable(path: url.path, what: "a symlink is there, not a file")
        default: throw NotReplaceable(path: url.path, what: "a device or FIFO is there, not a file")
        }
    }

    /// What is at `url` (`S_IFREG`, `S_IFDIR`, …), itself and not what a link points to; nil when
    /// nothing is; an error that keeps it from being looked at is thrown.
    static func kind(at url: URL) throws(NotReplaceable) -> mode_t? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw NotReplaceable(path: url.path, what: FileErrorWords.errno(errno))
        }
        return status.st_mode & S_IFMT
    }

    /// Why a file of a set cannot be saved, for one error line.
    public struct NotReplaceable: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let what: String
        public var description: String { "cannot replace \(path): \(what)" }
    }
}
