import Foundation

extension OutputFolder {
    /// A report folder held by one run from before its work until its reports are written: a lock
    /// on the folder itself (flock(2) on its descriptor, so nothing is left in it), which the
    /// kernel gives back if the run dies. Two runs writing one set of reports at once could each
    /// rename some of its files into place and leave one run's report.json beside the other's
    /// report.html; the second is told at once instead, before any work. `lab grade`, `lab pages`
    /// and `lab bench --out` claim their folders so, and so keep each other out of one folder too.
    public struct Claim: Sendable {
        public let folder: URL
        let lock: FileLock.Holder
        /// Made by this claim: removed again if it is still empty at the end (a run that wrote
        /// nothing leaves no empty folder behind).
        let madeHere: Bool

        public func release() {
            // rmdir(2) removes only an empty folder: another run's files are never taken.
            if madeHere { _ = rmdir(folder.path) }
            lock.release()
        }
    }

    /// The folder at `path`, made if it is not there (see `prepare`) and claimed; nil when another
    /// run holds it. Each of `files` (names in it) is checked to take a rename now, before any work
    /// (`AtomicFile.checkReplaceable`): a folder in the way of one was once found only after the
    /// work, when the files before it had been replaced. Its error is thrown, the claim let go.
    public static func claim(_ path: String, makingParents: Bool = false, files: [String] = []) throws -> Claim? {
        let existed = FileManager.default.fileExists(atPath: path)
        let folder = try prepare(path, makingParents: makingParents)
        // Not removed when another holds it: that run may have made it, and writes into it.
        guard let lock = try FileLock.tryHolding(folder: folder) else { return nil }
        let claim = Claim(folder: folder, lock: lock, madeHere: !existed)
        do {
            for name in files { try AtomicFile.checkReplaceable(folder.appendingPathComponent(name)) }
        } catch {
            claim.release()
            throw error
        }
        return claim
    }
}
