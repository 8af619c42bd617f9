import Foundation

/// How the grader reads an answer: only a file that is really in the student's folder. The
/// grader runs outside the sandbox (in `lab grade`, often as root), so an answer that is a
/// symbolic link (`02-task-bridge.swift -> /home/teacher/exam.swift`), or sits in a folder that
/// is one, would have the grader read, compile and quote whatever file the link names (found
/// by an audit). Refused, with what to do instead. The student's folder is not writable by any
/// check (the sandbox), so a file cannot turn into a link between this look and the read.
enum AnswerFile {
    /// Why `file` is not read as an answer, or nil: it, or a folder between it and `folder` (the
    /// student's, which the grader was given and trusts as named), is a symbolic link.
    static func refusal(_ file: URL, within folder: URL?) -> String? {
        let name = file.lastPathComponent
        if let size = size(file.path), size > largest {
            return
                "refused: \(name) is \(ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file)); an answer may be at most \(largest / 1024) kB (the longest file of an exercise is under 15 kB)"
        }
        if isLink(file.path) {
            return
                "refused: \(name) is a symbolic link; the grader reads only a file that is really in the student's folder (copy the file there instead of linking to it)"
        }
        guard let folder else { return nil }
        let top = folder.standardizedFileURL.path
        var parent = file.standardizedFileURL.deletingLastPathComponent()
        // Each folder below the student's own on the way to the file.
        while parent.path.hasPrefix(top + "/") {
            if isLink(parent.path) {
                return
                    "refused: \(name) is in \(parent.lastPathComponent), a symbolic link; the grader reads only files that are really in the student's folder"
            }
            parent = parent.deletingLastPathComponent()
        }
        return nil
    }

    /// The answer's text; nil where it is refused (see `refusal`) or cannot be read.
    static func text(_ file: URL, within folder: URL?) -> String? {
        guard refusal(file, within: folder) == nil else { return nil }
        return try? String(contentsOf: file, encoding: .utf8)
    }

    /// The largest answer graded. A pasted blob (an audit gave a class 4 MB of base64) costs the
    /// scan seconds per megabyte and the compiler minutes of diagnostics, and stalled a class's
    /// grading; a 64 kB file of such text type-checks in about a second here.
    static let largest = 64 * 1024

    static func size(_ path: String) -> Int? {
        var status = stat()
        return lstat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}
