import Foundation
import LabCore

/// The folder `lab grade` writes its class report into, claimed before any grading: it is
/// usable, no other `lab grade` is writing into it, each report file is absent or a regular
/// file, and a report already there is kept unless `--replace` says otherwise. The claim (a
/// lock on the folder itself, so nothing is left in it) lasts until it is released; a folder
/// made for a run that wrote nothing (a bad student path) is removed then, while the lock is
/// still held and only if it is still empty.
enum GradeOutput {
    static let reportFiles = ["class-report.csv", "class-report.json", "class-report.html"]

    /// The folder, held until `release()`.
    struct Claim {
        let folder: URL
        let lock: FileLock.Holder
        /// Made by this claim: removed again if nothing but the lock is in it at the end.
        let madeHere: Bool

        func release() {
            // rmdir(2) removes only an empty folder: another run's files are never taken.
            if madeHere { _ = rmdir(folder.path) }
            lock.release()
        }
    }

    static func claim(_ path: String, replace: Bool) throws -> Claim {
        let existed = FileManager.default.fileExists(atPath: path)
        let folder: URL
        do {
            folder = try OutputFolder.prepare(path)
        } catch {
            throw error.usageError(option: "out")
        }
        guard let lock = try FileLock.tryHolding(folder: folder) else {
            throw LabSetupError(
                "another lab grade is writing into \(folder.path); wait for it to finish, or give another --out")
        }
        // Checked now, not after grading: a folder in the way of one file once failed the
        // last write, after the others had replaced last run's report.
        for name in reportFiles {
            do {
                try AtomicFile.checkReplaceable(folder.appendingPathComponent(name))
            } catch {
                throw LabSetupError("\(error); remove it, or give another --out")
            }
        }
        let existing = reportFiles.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        if !existing.isEmpty, !replace {
            throw LabSetupError(
                "\(folder.path) already holds a class report (\(existing.joined(separator: ", "))); give another --out, or add --replace to overwrite it"
            )
        }
        return Claim(folder: folder, lock: lock, madeHere: !existed)
    }
}
