import Foundation

extension AtomicFile {
    /// The folder beside a set of reports where the last run's set is kept (`keepPrevious`).
    public static let previousFolderName = "previous"

    /// Keeps the files of a set that are already there (the last run's reports) in `previous/`
    /// beside them, before the new set replaces them: a second `lab bench --out DIR` once replaced
    /// the first run's minutes of measuring without a word. One run back, whole: the kept set
    /// replaces what an earlier run kept there, so `previous/` never mixes two runs' files. Kept by
    /// hard links (nothing copied; a copy where the file system has none), gathered in a folder of
    /// their own and renamed into place, so a failure leaves the last `previous/` as it was. The
    /// names kept are returned. A `previous` that is not a folder is the user's: refused, not taken.
    @discardableResult
    public static func keepPrevious(of urls: [URL], in folder: URL) throws -> Set<String> {
        try checkPreviousFolder(in: folder)
        let existing = urls.filter { isRegularFile($0) }
        guard !existing.isEmpty else { return [] }
        let manager = FileManager.default
        let staging = folder.appendingPathComponent(
            ".\(previousFolderName).\(UUID().uuidString).tmp", isDirectory: true)
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        var placed = false
        defer { if !placed { try? manager.removeItem(at: staging) } }
        for url in existing {
            let kept = staging.appendingPathComponent(url.lastPathComponent)
            if link(url.path, kept.path) != 0 { try manager.copyItem(at: url, to: kept) }
        }
        let previous = folder.appendingPathComponent(previousFolderName, isDirectory: true)
        // The earlier run's set is moved aside first (a rename does not replace a folder that holds
        // files), then removed once the new one is in place.
        let aside = folder.appendingPathComponent(
            ".\(previousFolderName).\(UUID().uuidString).old", isDirectory: true)
        let hadOne = rename(previous.path, aside.path) == 0
        guard rename(staging.path, previous.path) == 0 else {
            let failure = errno
            if hadOne { _ = rename(aside.path, previous.path) }
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [
                    NSFilePathErrorKey: previous.path,
                    NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(failure)),
                ])
        }
        placed = true
        if hadOne { try? manager.removeItem(at: aside) }
        return Set(existing.map(\.lastPathComponent))
    }

    /// Refuses a `previous` in `folder` that is not a folder (a file, a link): checked before any
    /// work, as each report's own place is (`checkReplaceable`).
    public static func checkPreviousFolder(in folder: URL) throws(NotReplaceable) {
        let previous = folder.appendingPathComponent(previousFolderName)
        var status = stat()
        guard lstat(previous.path, &status) == 0 else {
            if errno == ENOENT { return }
            throw NotReplaceable(path: previous.path, what: FileErrorWords.errno(errno))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw NotReplaceable(
                path: previous.path,
                what: "the last run's reports are kept there, and a file or link is in the way, not a folder")
        }
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
