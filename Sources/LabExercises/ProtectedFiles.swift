import Foundation

/// What the grader itself checks around a run, rather than trusting the sandbox alone:
/// the files a graded answer must never change (the lab's checks, solutions and support,
/// the students' files, progress), compared before and after the check ran.
struct ProtectedFiles: Codable, Equatable {
    struct Stamp: Codable, Equatable {
        let size: UInt64
        let modified: Date?
        let inode: UInt64
    }

    private(set) var stamps: [String: Stamp] = [:]

    /// Every file under `folders` (not build folders: they are the build's, and large) and each of `files`.
    init(folders: [URL], files: [URL]) {
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walk {
                if [".build", ".build-exercises", ".swiftpm", ".git"].contains(url.lastPathComponent) {
                    walk.skipDescendants()
                    continue
                }
                record(url)
            }
        }
        for file in files { record(file) }
    }

    private mutating func record(_ url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType != .typeDirectory
        else { return }
        stamps[url.standardizedFileURL.path] = Stamp(
            size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date,
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0)
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
