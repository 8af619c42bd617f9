import Foundation
import LabCore

/// A working folder that tells later processes whether its maker still runs: beside the folder
/// `<name>`, the file `<name>.owner` is held with flock(2) from before the folder exists until
/// after it is gone. The kernel lets go of that lock however the maker ends (Ctrl-C, `kill -9`,
/// a crash, a closed terminal), so a folder whose owner lock anyone can take was left by a
/// process that will never remove it, and `sweep` does.
///
/// Why: a `defer` does not run when a signal ends the process. Each `lab check` or `lab grade`
/// stopped with Ctrl-C left its batch under `.build-exercises/batch/runs` (2.4 MB for one
/// answer) and its check's scratch folder in `$TMPDIR` (`lab-check-…`), and nothing ever
/// removed them: nine stopped checks left nine of each.
///
/// Race-free by its order: the lock is taken before the folder is made, so a sweep that sees
/// the folder finds its lock held while its maker runs. A folder with no owner file (made by a
/// lab before this one) is never touched: no one can tell whether its maker still runs. Making
/// the owner file and locking it are two calls, and another lab's sweep may come between them:
/// it takes the lock on the empty file, removes a folder not made yet and unlinks the file. The
/// maker waits that moment out and makes its owner file afresh (see `claimOwner`).
///
/// `package`, not public: the lab's own tools use it, and an answer has no business with it
/// (every public type of LabCore is a decision of the exercises' library audit).
package final class OwnedFolder: Sendable {
    package let url: URL
    private let owner: FileLock.Holder

    /// Makes the folder at `url` (and its parents), holding its owner lock. It may wait a moment
    /// for another lab's sweep (`claimOwner`): call it where a thread may block.
    package init(_ url: URL) throws {
        self.url = url
        // Its parent first: the owner file goes beside the folder, before the folder (a fresh
        // clone has no `.build-exercises/batch/runs`, and its first `lab check` failed there).
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let owner = try Self.claimOwner(of: url)
        self.owner = owner
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            Self.unlinkOwner(of: url, holder: owner)
            throw error
        }
    }

    /// Removes the folder, then its owner file, in that order (see `sweep`).
    package func remove() {
        try? FileManager.default.removeItem(at: url)
        Self.unlinkOwner(of: url, holder: owner)
    }

    /// Removes every folder in `parent` whose name starts with `prefix` and whose maker is gone,
    /// and owner files left with no folder. Another process's folder, or one this process still
    /// uses, is kept: its lock is held (flock(2) locks conflict between open files, even in one
    /// process). Anything it cannot remove (another user's) stays; nothing here throws.
    package static func sweep(in parent: URL, prefix: String = "") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(ownerSuffix) {
            let folder = parent.appendingPathComponent(String(name.dropLast(ownerSuffix.count)))
            let descriptor = open(ownerFile(of: folder).path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }  // its maker runs
            try? FileManager.default.removeItem(at: folder)
            _ = unlink(ownerFile(of: folder).path)
        }
    }

    /// `sweep`, once per process for each `parent` and `prefix`: for a folder made many times in
    /// one run (a check's scratch, once per answer graded) in a parent others share.
    package static func sweepOnce(in parent: URL, prefix: String) {
        let key = parent.standardizedFileURL.path + "\u{0}" + prefix
        guard swept.withLock({ $0.insert(key).inserted }) else { return }
        sweep(in: parent, prefix: prefix)
    }

    private static let swept = Locked(Set<String>())

    /// The owner lock of a fresh name, on a file that still has that name. Only a sweep holds
    /// another's lock on it, and only for a moment: between the maker's `open` and its `flock` it
    /// can find the empty file, lock it, remove a folder not made yet and unlink the file. Held by
    /// a sweep, the lock is not ours yet (two labs at once saw the check fail with "a file with the
    /// same name already exists"); taken after the sweep unlinked the file, it is a lock on a file
    /// no later sweep can see, whose folder would never be swept. Either way, once the sweep has let
    /// go, make the file afresh. A sweep holds it only while removing a folder that is not there.
    static func claimOwner(of folder: URL, patience: Duration = .seconds(5)) throws -> FileLock.Holder {
        let file = ownerFile(of: folder)
        let deadline = ContinuousClock.now + patience
        while true {
            if let holder = try FileLock.tryHolding(at: file) {
                if holder.isLinked { return holder }
                holder.release()
                continue
            }
            guard ContinuousClock.now < deadline else {
                throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: file.path])
            }
            // A synchronous wait, as FileLock's: its callers are on threads that may block.
            usleep(1_000)
        }
    }

    static let ownerSuffix = ".owner"

    static func ownerFile(of folder: URL) -> URL {
        folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + ownerSuffix)
    }

    /// Unlinks the owner file while still holding it, then lets go: a sweep that opened it
    /// meanwhile takes a lock on a file no longer there, whose folder is already gone.
    private static func unlinkOwner(of folder: URL, holder: FileLock.Holder) {
        _ = unlink(ownerFile(of: folder).path)
        holder.release()
    }
}
