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
        for lesson in LessonCatalog.lessons {
            StandardOutput.line(terminal.paint(lesson.name, .bold + .cyan) + " — " + lesson.summary)
            for variant in lesson.variants {
                StandardOutput.line(
                    "  " + variant.name.padded(to: 26) + variant.title
                        + (variant.isExtra ? terminal.paint(" (extra)", .dim) : ""))
            }
            StandardOutput.line("")
        }
        return 0
    }
}
