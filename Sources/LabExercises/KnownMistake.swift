import Foundation

/// A known mistake, kept as a small change to the exercise's solution: `mistakes/NAME.diff`
/// in the exercise's folder, a unified diff of `solution.swift` opening with two lines,
///
/// ```
/// mistake: what the student did (a line that starts with a space carries on the one above)
/// expect: words the grader's message must contain
/// platforms: linux   (optional: where the check is known to catch it; judged only there)
/// --- solution.swift
/// +++ NAME.swift
/// @@ …
/// ```
///
/// Write one with `diff -u solution.swift my-mistake.swift`, then add the two lines on top.
public struct KnownMistake: Sendable {
    public let name: String
    public let summary: String
    public let expectedMessage: String
    /// The platforms (`linux`, `macOS`) where the check catches it, when not every one: a check
    /// that counts the pool's wake-ups through the Linux runtime's hook, measured only there.
    public let platforms: Set<String>?
    public let diff: UnifiedDiff

    public init(name: String, text: String) throws {
        self.name = name
        diff = try UnifiedDiff(parsing: text)
        var fields: [String: String] = [:]
        var last: String?
        for line in diff.preamble where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            if line.first?.isWhitespace == true, let key = last {
                fields[key, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else {
                throw UnifiedDiff.Failure(description: "a line before the diff must be 'mistake: …' or 'expect: …'")
            }
            let key = String(line[..<colon])
            guard ["mistake", "expect", "platforms"].contains(key) else {
                throw UnifiedDiff.Failure(
                    description: "unknown line '\(key):' before the diff (mistake:, expect:, platforms:)")
            }
            fields[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            last = key
        }
        guard let summary = fields["mistake"], !summary.isEmpty else {
            throw UnifiedDiff.Failure(description: "no 'mistake:' line saying what the student did")
        }
        guard let expected = fields["expect"], !expected.isEmpty else {
            throw UnifiedDiff.Failure(description: "no 'expect:' line with words the grader must say")
        }
        self.summary = summary
        expectedMessage = expected
        platforms = fields["platforms"].map {
            Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
    }

    /// This platform's name as `platforms:` spells it.
    static var currentPlatform: String {
        #if os(Linux)
            "linux"
        #elseif os(macOS)
            "macOS"
        #else
            "other"
        #endif
    }

    /// The mistakes of `exercise`, each read and applied to its solution: the answer's text, or
    /// why the diff cannot be read or no longer fits the solution (`file` names the diff).
    static func all(in folder: ExerciseFolder) -> [(file: URL, result: Result<(KnownMistake, String), Error>)] {
        let solution = Result { try String(contentsOf: folder.solution, encoding: .utf8) }
        return ExerciseFolder.files(in: folder.mistakes, endingIn: ".diff").map { file in
            let result = Result {
                let mistake = try KnownMistake(
                    name: String(file.lastPathComponent.dropLast(".diff".count)),
                    text: try String(contentsOf: file, encoding: .utf8))
                return (mistake, try mistake.diff.apply(to: try solution.get()))
            }
            return (file, result)
        }
    }
}
