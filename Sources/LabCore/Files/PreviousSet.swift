import Foundation

extension AtomicFile {
    /// The folder beside a set of reports where the last run's set is kept (`keepPrevious`).
    public static let previousFolderName = "previous"

    /// Keeps the files of a set that are already there (the last run's reports) in `previous/`
    /// beside them, before the new set replaces them: a second `lab bench --out DIR` once replaced
    /// the first run's minutes of measuring without a word. One run back: each kept file replaces
    /// its namesake there, and any other of `reportNames` left there from an earlier run is removed,
    /// so previous/ does not mix two runs' reports; any other file in it is the user's, and stays (a
    /// review's notes.txt was removed with the folder by a first version). Kept by hard links
    /// (nothing copied; a copy where the file system has none), each renamed into place whole. The
    /// names kept are returned. A `previous` that is not a folder is the user's: refused, not taken.
    @discardableResult
    public static func keepPrevious(of urls: [URL], in folder: URL, reportNames: [String]) throws -> Set<String> {
        try checkPreviousFolder(in: folder)
        let existing = urls.filter { isRegularFile($0) }
        guard !existing.isEmpty else { return [] }
        let manager = FileManager.default
        let previous = folder.appendingPathComponent(previousFolderName, isDirectory: true)
        try manager.createDirectory(at: previous, withIntermediateDirectories: true)
        for url in existing {
            let kept = previous.appendingPathComponent(url.lastPathComponent)
            let staged = previous.appendingPathComponent(temporaryPrefix(of: kept) + "\(UUID().uuidString).tmp")
            defer { try? manager.removeItem(at: staged) }
            if link(url.path, staged.path) != 0 { try manager.copyItem(at: url, to: staged) }
            guard rename(staged.path, kept.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: kept.path,
                        NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(errno)),
                    ])
            }
        }
        let keptNames = Set(existing.map(\.lastPathComponent))
        for name in reportNames where !keptNames.contains(name) {
            let stale = previous.appendingPathComponent(name)
            if isRegularFile(stale) { try? manager.removeItem(at: stale) }
        }
        return keptNames
    }

    /// Refuses a `previous` in `folder` that is not a folder (a file, a link): checked before any
    /// work, as each report's own place is (`checkReplaceable`).
    public static func checkPreviousFolder(in folder: URL) throws(NotReplaceable) {
        let previous = folder.appendingPathComponent(previousFolderName)
        guard let kind = try kind(at: previous) else { return }
        guard kind == S_IFDIR else {
            throw NotReplaceable(
                path: previous.path,
                what: "the last run's reports are kept there, and a file or link is in the way, not a folder")
        }
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        (try? kind(at: url)) == S_IFREG
    }
}
