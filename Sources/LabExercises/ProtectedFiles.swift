import Foundation

/// What the grader itself checks around a run, rather than trusting the sandbox alone:
/// the files a graded answer must never change (the lab's checks, solutions and support,
/// the students' files, progress), compared before and after the check ran.
///
/// Each file is looked at with one `lstat`: `FileManager.attributesOfItem` cost 17 µs a file
/// (it also looks up the owner's and group's names), `lstat` 1.3 µs, and a run is stamped twice
/// over the whole exercises folder, every student's folder too in `lab grade`. The walk reads
/// each folder with `readdir` (a folder's entry says it is one, so folders are not looked at
/// again), keeps the stamps in the walk's order, and two walks of an unchanged tree compare
/// entry by entry: a pair of stamps over 2,405 files took 34 ms of the (debug) lab's CPU per
/// answer graded, through `FileManager` and a dictionary of them (docs/MEASUREMENTS.md, session 60).
struct ProtectedFiles: Codable, Equatable {
    struct Stamp: Codable, Equatable {
        let size: UInt64
        let modifiedSeconds: Int
        let modifiedNanoseconds: Int
        /// The status-change time: the kernel sets it on every write or rename, and no program
        /// can set it back, so a file rewritten and given its old modification time still differs.
        let changedSeconds: Int
        let changedNanoseconds: Int
        let inode: UInt64

        init(_ status: stat) {
            size = UInt64(truncatingIfNeeded: status.st_size)
            (modifiedSeconds, modifiedNanoseconds) = status.modifiedSecondsAndNanoseconds
            (changedSeconds, changedNanoseconds) = status.changedSecondsAndNanoseconds
            inode = UInt64(truncatingIfNeeded: status.st_ino)
        }

        /// Seconds and nanoseconds.
        var modified: [Int] { [modifiedSeconds, modifiedNanoseconds] }
        var changed: [Int] { [changedSeconds, changedNanoseconds] }

        // Written as before (times as [seconds, nanoseconds]): the shared build's record holds stamps.
        private enum CodingKeys: String, CodingKey { case size, modified, changed, inode }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            size = try container.decode(UInt64.self, forKey: .size)
            inode = try container.decode(UInt64.self, forKey: .inode)
            let modified = try container.decode([Int].self, forKey: .modified)
            let changed = try container.decode([Int].self, forKey: .changed)
            guard modified.count == 2, changed.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .modified, in: container, debugDescription: "a time is [seconds, nanoseconds]")
            }
            (modifiedSeconds, modifiedNanoseconds) = (modified[0], modified[1])
            (changedSeconds, changedNanoseconds) = (changed[0], changed[1])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(size, forKey: .size)
            try container.encode(modified, forKey: .modified)
            try container.encode(changed, forKey: .changed)
            try container.encode(inode, forKey: .inode)
        }
    }

    /// The files stamped, in the walk's order, and their stamps, index for index.
    private var paths: [String] = []
    private var stampList: [Stamp] = []

    /// Every stamp by its file's path.
    var stamps: [String: Stamp] { Dictionary(zip(paths, stampList)) { first, _ in first } }

    /// Names of folders not walked: the build's (large, and changed by every build) and version control's.
    static let skippedFolders: Set<String> = [".build", ".build-exercises", ".swiftpm", ".git"]

    /// Every file under `folders` (not build folders: they are the build's, and large) and each of `files`.
    /// A symbolic link is stamped as a link (not followed), and a folder it names is not walked.
    init(folders: [URL], files: [URL]) {
        for folder in folders { walk(folder.standardizedFileURL.path) }
        for file in files { record(file.standardizedFileURL.path) }
    }

    /// Stamps everything under `folder`.
    private mutating func walk(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(directory) {
            // A folder says so in its entry (a file system that does not, DT_UNKNOWN, is asked below).
            let saysFolder = entry.pointee.d_type == UInt8(DT_DIR)
            // Each file looked at by its name in the open folder (`fstatat`): the kernel does not
            // walk the whole path again for every file.
            var status = stat()
            let (name, found) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                let name = UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)
                let dot = name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0))
                return (
                    dot ? nil : String(cString: name),
                    dot || saysFolder ? false : fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
                )
            }
            guard let name else { continue }
            if saysFolder || (found && status.st_mode & S_IFMT == S_IFDIR) {
                if !Self.skippedFolders.contains(name) { walk(prefix + name) }
            } else if found {
                append(prefix + name, status)
            }
        }
    }

    /// Stamps the file at `path` (not a folder; a link as itself).
    private mutating func record(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return }
        append(path, status)
    }

    private mutating func append(_ path: String, _ status: stat) {
        paths.append(path)
        stampList.append(Stamp(status))
    }

    /// Paths added, removed or changed since `earlier`, sorted. Two walks of a tree that did not
    /// change list the same paths in the same order, and are compared entry by entry.
    func changes(since earlier: ProtectedFiles) -> [String] {
        if paths == earlier.paths {
            return paths.indices.filter { stampList[$0] != earlier.stampList[$0] }.map { paths[$0] }.sorted()
        }
        let now = stamps
        let then = earlier.stamps
        return Set(now.keys).union(then.keys).filter { now[$0] != then[$0] }.sorted()
    }

    static func == (left: ProtectedFiles, right: ProtectedFiles) -> Bool {
        left.paths == right.paths ? left.stampList == right.stampList : left.stamps == right.stamps
    }

    // Written as before: the stamps by path.
    private enum CodingKeys: String, CodingKey { case stamps }

    init(from decoder: any Decoder) throws {
        let decoded = try decoder.container(keyedBy: CodingKeys.self).decode([String: Stamp].self, forKey: .stamps)
        for path in decoded.keys.sorted() {
            paths.append(path)
            stampList.append(decoded[path]!)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stamps, forKey: .stamps)
    }
}
