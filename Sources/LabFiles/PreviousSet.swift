import Foundation

extension AtomicFile {
    /// The folder beside a set of reports where the last run's set is kept (`keepPrevious`).
    public static let previousFolderName = "previous"

    /// Writes a set of reports into `folder` as `writeAll` does, keeping the last run's set in
    /// `previous/` beside it (`keepPrevious`), in the order that loses nothing whatever step fails:
    /// the new set is staged first (written whole under temporary names: where a full disk or a
    /// name the file system refuses stops it), then the last run's kept, then the new set renamed
    /// into place. A first version kept the last run's set before writing the new one, and a write
    /// that then failed left previous/ holding the set still in the folder, the run before it lost.
    /// Called under the folder's claim (`OutputFolder.claim`): no other run stages files there, so
    /// the temporaries of `reportNames` found in it or in previous/, whatever their age, were left
    /// by a run that died; in previous/, which no claim covers (a `--out DIR/previous` claims it
    /// as a folder of its own), only those older than `staleAfter` (`sweepLeftovers`). The names
    /// kept are returned.
    public static func replaceKeepingPrevious(
        _ files: [(data: Data, url: URL)], in folder: URL, reportNames: [String]
    ) throws -> Set<String> {
        try checkPreviousFolder(in: folder, reportNames: reportNames)
        let previous = folder.appendingPathComponent(previousFolderName, isDirectory: true)
        sweepLeftovers(of: reportNames, in: folder, olderThan: nil)
        // A staging link keeps its report's time, so one a run left there is old at once; a save
        // of another run's, in progress, is not.
        sweepLeftovers(of: reportNames, in: previous, olderThan: staleAfter)
        let staged = try stageAll(files)
        let kept = try keepPrevious(of: files.map(\.url), in: previous, reportNames: reportNames)
        try staged.commit()
        return kept
    }

    /// Keeps the files of a set that are already there (the last run's reports) in `previous`
    /// beside them, before the new set replaces them: a second `lab bench --out DIR` once replaced
    /// the first run's minutes of measuring without a word. One run back: each kept file replaces
    /// its namesake there, and any other of `reportNames` left there from an earlier run is removed,
    /// so previous/ does not mix two runs' reports; any other file in it is the user's, and stays (a
    /// review's notes.txt was removed with the folder by a first version). Kept by hard links
    /// (nothing copied; a copy where the file system has none), every one made under a temporary
    /// name before any is renamed into place, so a link or copy that fails leaves previous/ as it
    /// was. The names kept are returned.
    static func keepPrevious(of urls: [URL], in previous: URL, reportNames: [String]) throws -> Set<String> {
        let existing = urls.filter { isRegularFile($0) }
        guard !existing.isEmpty else { return [] }
        let manager = FileManager.default
        try manager.createDirectory(at: previous, withIntermediateDirectories: true)
        var staged: [(temporary: URL, kept: URL)] = []
        defer { for (temporary, _) in staged { try? manager.removeItem(at: temporary) } }
        for url in existing {
            let kept = previous.appendingPathComponent(url.lastPathComponent)
            let temporary = previous.appendingPathComponent(temporaryPrefix(of: kept) + "\(UUID().uuidString).tmp")
            if link(url.path, temporary.path) != 0 { try manager.copyItem(at: url, to: temporary) }
            staged.append((temporary, kept))
        }
        while let (temporary, kept) = staged.first {
            try renameIntoPlace(temporary, kept)
            staged.removeFirst()
        }
        let keptNames = Set(existing.map(\.lastPathComponent))
        for name in reportNames where !keptNames.contains(name) {
            let stale = previous.appendingPathComponent(name)
            if isRegularFile(stale) { try? manager.removeItem(at: stale) }
        }
        return keptNames
    }

    /// Removes the temporaries of `names` (`.NAME.<uuid>.tmp`, as this type names them) in
    /// `folder`: all of them in a folder this run has claimed, where no other writer can own one
    /// (`age` nil), else those not changed for `age` seconds. A staging link left in previous/ by
    /// a run killed between its link and its rename is a whole report's size that nothing else
    /// would ever remove. Best effort: what cannot be removed stays.
    static func sweepLeftovers(of names: [String], in folder: URL, olderThan age: TimeInterval?) {
        for name in names {
            let prefix = temporaryPrefix(of: folder.appendingPathComponent(name))
            for leftover in temporaries(of: folder.appendingPathComponent(name)) {
                // Only this type's own names (a user's `.report.json.backup.tmp` stays), and only
                // regular files: a folder or link with such a name is not one of ours.
                guard UUID(uuidString: String(leftover.dropFirst(prefix.count).dropLast(".tmp".count))) != nil
                else { continue }
                let url = folder.appendingPathComponent(leftover)
                guard isRegularFile(url) else { continue }
                if let age, !unchanged(url.path, for: age) { continue }
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    /// Refuses a `previous` in `folder` that is not a folder (a file, a link), and in it a place of
    /// one of `reportNames` that a rename cannot replace (a folder named report.html): checked
    /// before any work, as each report's own place is (`checkReplaceable`). Found only while
    /// keeping, it stopped the keep halfway, the run before the last already replaced in part.
    public static func checkPreviousFolder(in folder: URL, reportNames: [String]) throws(NotReplaceable) {
        let previous = folder.appendingPathComponent(previousFolderName)
        guard let kind = try kind(at: previous) else { return }
        guard kind == S_IFDIR else {
            throw NotReplaceable(
                path: previous.path,
                what: "the last run's reports are kept there, and a file or link is in the way, not a folder")
        }
        for name in reportNames { try checkReplaceable(previous.appendingPathComponent(name)) }
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        (try? kind(at: url)) == S_IFREG
    }
}
