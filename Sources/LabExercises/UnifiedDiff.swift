import Foundation

/// A unified diff (`diff -u`), read and applied to a text, with no program outside the lab.
///
/// Known mistakes are kept as small changes to an exercise's solution (`mistakes/*.diff`),
/// so the catalogue shows what each mistake changes and a fix to the solution reaches every
/// mistake built on it. Applying is strict about content and lenient about place: each hunk's
/// old lines (context and removals) must appear in the text exactly, nearest to the line the
/// hunk names, so lines added or removed elsewhere in the solution do not break a mistake,
/// and a mistake whose lines the solution no longer has is refused with the hunk that failed.
public struct UnifiedDiff: Sendable, Equatable {
    public struct Hunk: Sendable, Equatable {
        /// 1-based line of the old text the hunk starts at (0 for an empty old side).
        public var oldStart: Int
        public var lines: [Line]

        var oldLines: [String] { lines.compactMap { if case .added = $0 { nil } else { $0.text } } }
        var newLines: [String] { lines.compactMap { if case .removed = $0 { nil } else { $0.text } } }
    }

    public enum Line: Sendable, Equatable {
        case context(String)
        case removed(String)
        case added(String)
        var text: String {
            switch self {
            case .context(let text), .removed(let text), .added(let text): text
            }
        }
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The lines before the first `---`: free text (a mistake's `mistake:` and `expect:` lines).
    public var preamble: [String]
    public var hunks: [Hunk]
    /// "\ No newline at end of file" after the new side's last line.
    var newEndsWithoutNewline = false

    public init(parsing text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var index = 0
        preamble = []
        while index < lines.count, !lines[index].hasPrefix("--- ") {
            preamble.append(lines[index])
            index += 1
        }
        guard index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
            throw Failure(description: "not a unified diff: no '--- old' and '+++ new' lines")
        }
        index += 2
        hunks = []
        var lastSide: Character = " "
        while index < lines.count {
            let header = lines[index]
            guard let hunk = Self.hunkHeader(header) else {
                throw Failure(
                    description: "line \(index + 1): expected a hunk header '@@ -a,b +c,d @@', found '\(header)'")
            }
            index += 1
            var current = Hunk(oldStart: hunk.oldStart, lines: [])
            var oldSeen = 0
            var newSeen = 0
            while index < lines.count,
                oldSeen < hunk.oldCount || newSeen < hunk.newCount || lines[index].hasPrefix("\\")
            {
                let line = lines[index]
                index += 1
                if line.hasPrefix("\\") {
                    // "\ No newline at end of file" belongs to the line before it.
                    if lastSide != "-" { newEndsWithoutNewline = true }
                    continue
                }
                let side = line.first ?? " "
                let body = line.isEmpty ? "" : String(line.dropFirst())
                switch side {
                case " ":
                    current.lines.append(.context(body))
                    oldSeen += 1
                    newSeen += 1
                case "-":
                    current.lines.append(.removed(body))
                    oldSeen += 1
                case "+":
                    current.lines.append(.added(body))
                    newSeen += 1
                default:
                    throw Failure(description: "line \(index): a hunk line must start with ' ', '-' or '+'")
                }
                lastSide = side
            }
            guard oldSeen == hunk.oldCount, newSeen == hunk.newCount else {
                throw Failure(description: "the hunk '\(header)' is cut short")
            }
            hunks.append(current)
        }
        if hunks.isEmpty { throw Failure(description: "the diff changes nothing") }
    }

    static func hunkHeader(_ line: String) -> (oldStart: Int, oldCount: Int, newCount: Int)? {
        // @@ -12,7 +12,9 @@ optional text
        let parts = line.split(separator: " ")
        guard parts.count >= 4, parts[0] == "@@", parts[3] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+")
        else { return nil }
        func range(_ part: Substring) -> (Int, Int)? {
            let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard let start = Int(numbers[0]), start >= 0 else { return nil }
            if numbers.count == 1 { return (start, 1) }
            guard numbers.count == 2, let count = Int(numbers[1]), count >= 0 else { return nil }
            return (start, count)
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }

    /// `text` with every hunk applied, in order; throws naming the first hunk that does not fit.
    public func apply(to text: String) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endedWithNewline = lines.last == ""
        if endedWithNewline { lines.removeLast() }
        // Where the next hunk may start, and how far earlier hunks moved the lines.
        var floor = 0
        var shift = 0
        var endsWithNewline = endedWithNewline
        for (number, hunk) in hunks.enumerated() {
            let old = hunk.oldLines
            let expected = max(hunk.oldStart - 1 + shift, floor) + (old.isEmpty && hunk.oldStart > 0 ? 1 : 0)
            guard let at = Self.nearest(old, in: lines, to: expected, from: floor) else {
                let first = old.first.map { ": its first line, '\($0.trimmingCharacters(in: .whitespaces))'," } ?? ""
                throw Failure(
                    description:
                        "hunk \(number + 1) of \(hunks.count) (line \(hunk.oldStart))\(first) is not in the text it changes"
                )
            }
            // A hunk that reaches the end says, by its "\ No newline" mark or its absence, how the text ends.
            if at + old.count == lines.count { endsWithNewline = !newEndsWithoutNewline }
            lines.replaceSubrange(at..<(at + old.count), with: hunk.newLines)
            shift = at + hunk.newLines.count - (hunk.oldStart - 1 + old.count)
            floor = at + hunk.newLines.count
        }
        return lines.joined(separator: "\n") + (endsWithNewline && !lines.isEmpty ? "\n" : "")
    }

    /// The start of `block` in `lines` at or after `floor` nearest to `expected`.
    static func nearest(_ block: [String], in lines: [String], to expected: Int, from floor: Int) -> Int? {
        let last = lines.count - block.count
        guard last >= floor else { return nil }
        let target = min(max(expected, floor), last)
        for distance in 0...(last - floor) {
            for candidate in [target - distance, target + distance] where candidate >= floor && candidate <= last {
                if lines[candidate..<(candidate + block.count)].elementsEqual(block) { return candidate }
            }
        }
        return nil
    }
}
