import Foundation
import LabSourceScan

/// What the grader itself checks around a run, rather than trusting the sandbox alone:
/// the files a graded answer must never change (the lab's checks, solutions and support,
/// the students' files, progress), compared before and after the check ran.
///
/// Each file is looked at with one `lstat`: `FileManager.attributesOfItem` cost 17 µs a file
/// (it also looks up the owner's and group's names), `lstat` 1.3 µs, and a run is stamped twice
/// over the whole exercises folder (427 entries), every student's folder too in `lab grade`:
/// about 15 ms of the lab's CPU per answer graded (docs/MEASUREMENTS.md, session 24).
struct ProtectedFiles: Codable, Equatable {
    struct Stamp: Codable, Equatable {
        let size: UInt64
        /// Seconds and nanoseconds.
        let modified: [Int]
        /// The status-change time: the kernel sets it on every write or rename, and no program
        /// can set it back, so a file rewritten and given its old modification time still differs.
        let changed: [Int]
        let inode: UInt64
    }

    private(set) var stamps: [String: Stamp] = [:]

    /// Names of folders not walked: the build's (large, and changed by every build) and version control's.
    static let skippedFolders: Set<String> = [".build", ".build-exercises", ".swiftpm", ".git"]

    /// Every file under `folders` (not build folders: they are the build's, and large) and each of `files`.
    /// A symbolic link is stamped as a link (not followed), and a folder it names is not walked.
    init(folders: [URL], files: [URL]) {
        for folder in folders { walk(folder.standardizedFileURL.path) }
        for file in files { _ = record(file.standardizedFileURL.path) }
    }

    /// Stamps everything under `folder`.
    private mutating func walk(_ folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if record(path) == .directory && !Self.skippedFolders.contains(name) { walk(path) }
        }
    }

    private enum Kind { case directory, other, missing }

    /// Stamps the file at `path` (not a folder; a link as itself), and says what it is.
    private mutating func record(_ path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        if status.st_mode & S_IFMT == S_IFDIR { return .directory }
        stamps[path] = Stamp(
            size: UInt64(truncatingIfNeeded: status.st_size), modified: status.modifiedTime,
            changed: status.changedTime,
            inode: UInt64(truncatingIfNeeded: status.st_ino))
        return .other
    }

    /// Paths added, removed or changed since `earlier`.
    func changes(since earlier: ProtectedFiles) -> [String] {
        Set(stamps.keys).union(earlier.stamps.keys).filter { stamps[$0] != earlier.stamps[$0] }.sorted()
    }
}

/// The number of expectations a check announces, read from its source by the grader: a
/// run that announces another number was not planned by this check.
enum CheckPlan {
    static func plannedExpectations(in check: String) -> Int? {
        let tokens = SwiftTokenizer.tokens(of: check)
        for index in tokens.indices.dropLast(3)
        where tokens[index].text == "let" && tokens[index + 1].text == "plannedExpectations"
            && tokens[index + 2].text == "="
        {
            return tokens[index + 3].kind == .number ? Int(tokens[index + 3].text) : nil
        }
        return nil
    }
}
