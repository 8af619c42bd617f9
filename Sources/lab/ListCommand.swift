import Foundation
import LabConsole
import LabCore
import LessonKit
import Lessons

/// `lab list`: the lessons and their variants, as text or JSON.
@MainActor
enum ListCommand {
    static func run(json: Bool, noColor: Bool = false) throws -> Int32 {
        if json {
            let lessons = LessonCatalog.lessons.map { lesson -> [String: Any] in
                [
                    "name": lesson.name, "title": lesson.title, "summary": lesson.summary, "built": true,
                    "variants": lesson.variants.map { ["name": $0.name, "title": $0.title, "extra": $0.isExtra] },
                ]
            }
            let data = try JSONSerialization.data(
                withJSONObject: ["lessons": lessons], options: [.prettyPrinted, .sortedKeys])
            StandardOutput.line(String(decoding: data, as: UTF8.self))
            return 0
        }
        let terminal = Terminal.detect(noColorFlag: noColor)
        // Each line fits the terminal: a summary wraps under its first word, a variant's title
        // under its start, its name kept on the first line.
        for lesson in LessonCatalog.lessons {
            let lead = lesson.name + " — "
            let summary = lesson.summary.wrapped(to: terminal.width, after: lead)
            StandardOutput.line(terminal.paint(leading: lesson.name, of: summary, .bold + .cyan))
            for variant in lesson.variants {
                let title = (variant.title + (variant.isExtra ? " (extra)" : ""))
                    .wrapped(to: terminal.width, after: "  " + variant.name.padded(to: 26))
                StandardOutput.line(
                    variant.isExtra && title.hasSuffix(" (extra)")
                        ? title.dropLast(" (extra)".count) + terminal.paint(" (extra)", .dim) : title)
            }
            StandardOutput.line("")
        }
        return 0
    }
}
