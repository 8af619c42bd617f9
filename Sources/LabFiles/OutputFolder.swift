import Foundation

/// A folder a command will write into, checked before any work: it exists and is writable, or
/// it is made now. By default only inside a folder that exists (a typo'd parent is an error, not a
/// tree of new folders). The problem is said as what was expected, for one error line.
public enum OutputFolder {
    /// Whether `folder` exists (then it must be a folder this process can write into); false
    /// where it does not exist yet.
    private static func existingAndWritable(_ folder: URL, path: String) throws(Problem) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            // A link to nothing is not there for stat(2), yet mkdir(2) finds it in the way: said now,
            // not found by the first write after the work (`lab pages` ran 15 lessons into one).
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) {
                throw Problem(
                    path: path, expected: "a folder (this is a symbolic link to \(target), which does not exist)")
            }
            return false
        }
        guard isDirectory.boolValue else { throw Problem(path: path, expected: "a folder (this is a file)") }
        if let failure = writeProbe(in: folder) {
            throw Problem(path: path, expected: "a folder you can write into (\(FileErrorWords.errno(failure)))")
        }
        return true
    }

    /// Makes `path` ready to write into, or says why it cannot be.
    public static func prepare(_ path: String, makingParents: Bool = false) throws(Problem) -> URL {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var isDirectory: ObjCBool = false
        if try existingAndWritable(folder, path: path) { return folder }
        let parent = folder.deletingLastPathComponent().path
        if makingParents {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                let reason = FileErrorWords.sentence(for: error) ?? "\(error)"
                throw Problem(path: path, expected: "a folder that can be made (\(reason))")
            }
            return folder
        }
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Problem(path: path, expected: "a folder in an existing, writable folder (\(parent) does not exist)")
        }
        guard mkdir(folder.path, 0o755) == 0 || errno == EEXIST else {
            throw Problem(
                path: path,
                expected: "a folder in an existing, writable folder (cannot make it: \(FileErrorWords.errno(errno)))")
        }
        return folder
    }

    /// Checks, making nothing, that `path` is a folder that can be written into, or one that
    /// can be made (in a folder that exists, or with `makingParents` below the nearest one that
    /// does): for a command that writes only at its end, and only if its work succeeds.
    public static func check(_ path: String, makingParents: Bool = false) throws(Problem) {
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var isDirectory: ObjCBool = false
        if try existingAndWritable(folder, path: path) { return }
        var parent = folder.deletingLastPathComponent()
        while makingParents, parent.path != "/", !FileManager.default.fileExists(atPath: parent.path) {
            parent.deleteLastPathComponent()
        }
        guard FileManager.default.fileExists(atPath: parent.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            if makingParents {
                throw Problem(path: path, expected: "a folder that can be made (\(parent.path) is a file)")
            }
            throw Problem(
                path: path, expected: "a folder in an existing, writable folder (\(parent.path) does not exist)")
        }
        if let failure = writeProbe(in: parent) {
            throw Problem(
                path: path,
                expected: "a folder in an existing, writable folder (cannot make it: \(FileErrorWords.errno(failure)))")
        }
    }

    /// Whether a file can be made in `folder`, found by making one (and removing it): the
    /// permission bits alone do not tell for root, a read-only mount or /proc. The errno if not.
    static func writeProbe(in folder: URL) -> Int32? {
        let probe = folder.appendingPathComponent(".lab-write-check-\(UUID().uuidString)").path
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return errno }
        close(descriptor)
        unlink(probe)
        return nil
    }

    /// Why a folder cannot be written into, as what was expected instead.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let expected: String

        public init(path: String, expected: String) {
            self.path = path
            self.expected = expected
        }

        public var description: String { "'\(path)': expected \(expected)" }
    }
}
