import Foundation
import LabCore
import LabFiles

/// How the grader reads an answer: only a file that is really in the student's folder. The
/// grader runs outside the sandbox (in `lab grade`, often as root), so an answer that is a
/// symbolic link (`02-task-bridge.swift -> /home/teacher/exam.swift`), or sits in a folder that
/// is one, would have the grader read, compile and quote whatever file the link names (found
/// by an audit). Refused, with what to do instead. A hard link is a second name of another
/// file, which `lstat` cannot tell from a file of the student's own but its link count can (a
/// Mac lets anyone link a file they can read). And the file is read from the descriptor that
/// was checked, opened without following a link, so it cannot be swapped between the look
/// and the read (found by a review).
enum AnswerFile {
    /// Why `file` is not read as an answer, or nil: it, or a folder between it and `folder` (the
    /// student's, which the grader was given and trusts as named), is a symbolic link.
    static func refusal(_ file: URL, within folder: URL?) -> String? {
        let name = file.lastPathComponent
        // One look at the file itself, not following a link.
        var status = stat()
        if lstat(file.path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            if Int(status.st_size) > largest {
                return
                    "refused: \(name) is \(ByteCountFormatter.string(fromByteCount: Int64(status.st_size), countStyle: .file)); an answer may be at most \(largest / 1024) kB (the longest file of an exercise is under 15 kB)"
            }
            if kind == S_IFLNK {
                return
                    "refused: \(name) is a symbolic link; the grader reads only a file that is really in the student's folder (copy the file there instead of linking to it)"
            }
            if kind != S_IFREG {
                // A FIFO would block the read forever; a device is no answer either.
                return
                    "refused: \(name) is not a regular file; the grader reads only a file of Swift code"
            }
            if status.st_nlink > 1 {
                return
                    "refused: \(name) has \(status.st_nlink) names (a hard link); the grader reads only a file that is the student's own (copy it instead of linking it)"
            }
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

    /// Whether an answer's text is the exercise's starting file, line endings aside: a starting
    /// file checked out on Windows (`core.autocrlf`) ends its lines with CR LF, and was graded as a
    /// failure instead of "not started" (an audit). `lab grade` and `lab check` ask it alike.
    static func isStarter(_ answer: String, starter: URL) -> Bool {
        guard let original = try? String(contentsOf: starter, encoding: .utf8) else { return false }
        return answer.replacingOccurrences(of: "\r\n", with: "\n")
            == original.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The answer's text; nil where it is refused (see `refusal`) or cannot be read (see `read`).
    static func text(_ file: URL, within folder: URL?) -> String? { try? read(file, within: folder).get() }

    /// Why an answer was not read, in words for its verdict: "it is not UTF-8 text: …".
    struct Unreadable: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The answer's text, or why it was not read. Read from one descriptor, opened without
    /// following a link and checked again once open: a regular file with one name, no larger than
    /// `largest`. A file in another encoding is said to be one: it was "cannot read PATH", which
    /// sends a student to look at permissions, not at the editor's encoding (found by an audit).
    static func read(_ file: URL, within folder: URL?) -> Result<String, Unreadable> {
        if let refusal = refusal(file, within: folder) { return .failure(Unreadable(description: refusal)) }
        // Checked again on the open descriptor: a file swapped for a link, a FIFO or a larger file
        // after the look is not read.
        let read: Data
        switch RegularFile.read(file, atMost: largest, followingLinks: false, oneNameOnly: true) {
        case .success(let data): read = data
        // Permission denied, say, in the system's words.
        case .failure(.cannotOpen(let code)): return .failure(Unreadable(description: FileErrorWords.errno(code)))
        case .failure: return .failure(Unreadable(description: "it changed while it was read; check it again"))
        }
        guard let text = String(data: read, encoding: .utf8) else {
            return .failure(
                Unreadable(
                    description: "it is not UTF-8 text (Swift reads only UTF-8): save it as UTF-8 in your editor"))
        }
        return .success(text)
    }

    /// The largest answer graded. A pasted blob (an audit gave a class 4 MB of base64) costs the
    /// scan seconds per megabyte and the compiler minutes of diagnostics, and stalled a class's
    /// grading; a 64 kB file of such text type-checks in about a second here.
    static let largest = 64 * 1024

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }
}
