import Foundation
import Testing

@testable import LessonKit

/// The parts of a lesson's guide that repeat what the lesson's code says: the rows of its
/// "Variants" table (name, extra, title) and its "What to take away" list (the takeaways).
/// The guide's own words (what each claim rests on, the counterparts, the links) stay hand-written.
struct GuideSections {
    static let variantsHeading = "## Variants"
    static let takeawaysHeading = "## What to take away"

    /// "| `name` (extra) | title |" of each row of the variants table.
    let rows: [String]
    let takeaways: [String]

    init(_ guide: String) throws {
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let variants = try Self.section(Self.variantsHeading, in: lines)
        rows = lines[variants].filter { $0.hasPrefix("| `") }.map { Self.split($0).prefix }
        takeaways = lines[try Self.section(Self.takeawaysHeading, in: lines)].filter { $0.hasPrefix("- ") }.map {
            String($0.dropFirst(2))
        }
    }

    static func rowPrefix(_ variant: LessonVariant) -> String {
        "| `\(variant.name)`" + (variant.isExtra ? " (extra)" : "") + " | \(variant.title) |"
    }

    /// The lines under a heading, up to the next heading.
    static func section(_ heading: String, in lines: [String]) throws -> Range<Int> {
        let start = try unwrap(lines.firstIndex(of: heading), "the guide has no '\(heading)'") + 1
        let end = lines[start...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        return start..<end
    }

    /// A row's name and title cells, and the rest (its code column).
    static func split(_ row: String) -> (prefix: String, rest: String) {
        let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard cells.count >= 4 else { return (row, "") }
        return (
            "| \(cells[1]) | \(cells[2]) |",
            " " + cells[3...].joined(separator: " | ").trimmingCharacters(in: .whitespaces)
        )
    }

    /// The guide with its variant rows and takeaways written from the lesson (each row keeps
    /// its code column; a new variant's row gets an empty one to fill in).
    static func rewritten(_ guide: String, for lesson: any Lesson) throws -> String {
        var lines = guide.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let variants = try section(variantsHeading, in: lines)
        let rowIndices = lines.indices.filter { variants.contains($0) && lines[$0].hasPrefix("| `") }
        let first = try unwrap(rowIndices.first)
        let last = try unwrap(rowIndices.last)
        var codeColumns: [String: String] = [:]
        for index in rowIndices {
            let name = lines[index].split(separator: "`").dropFirst().first.map(String.init) ?? ""
            codeColumns[name] = split(lines[index]).rest
        }
        lines.replaceSubrange(
            first...last, with: lesson.variants.map { rowPrefix($0) + (codeColumns[$0.name] ?? " |") })
        let takeaways = try section(takeawaysHeading, in: lines)
        let kept = lines[takeaways].filter { !$0.hasPrefix("- ") && !$0.isEmpty }
        lines.replaceSubrange(
            takeaways, with: [""] + kept + (kept.isEmpty ? [] : [""]) + lesson.takeaways.map { "- " + $0 } + [""])
        return lines.joined(separator: "\n")
    }
}
