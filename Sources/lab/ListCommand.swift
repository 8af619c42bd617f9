import Foundation
import LabKit
import Lessons

/// `lab list`: the lessons and their variants, as text or JSON.
@MainActor
enum ListCommand {
    static let parser = ArgumentParser(options: [OptionSpec("json", help: "Print JSON")])

    static func run(_ arguments: [String]) async throws -> Int32 {
        let parsed = try parser.parse(arguments)
        if parsed.has("json") {
            let lessons = LessonCatalog.lessons.map { lesson -> [String: Any] in
                ["name": lesson.name, "title": lesson.title, "summary": lesson.summary, "built": true,
                 "variants": lesson.variants.map { ["name": $0.name, "title": $0.title] }]
            } + LessonCatalog.planned.map { ["name": $0.name, "summary": $0.summary, "built": false, "variants": []] }
            let data = try JSONSerialization.data(withJSONObject: ["lessons": lessons], options: [.prettyPrinted, .sortedKeys])
            Output.line(String(decoding: data, as: UTF8.self))
            return 0
        }
        let terminal = Terminal.detect()
        for lesson in LessonCatalog.lessons {
            Output.line(terminal.paint(lesson.name, .bold + .cyan) + " — " + lesson.summary)
            for variant in lesson.variants {
                Output.line("  " + variant.name.padded(to: 26) + variant.title)
            }
            Output.line("")
        }
        if !LessonCatalog.planned.isEmpty {
            Output.line(terminal.paint("Planned: " + LessonCatalog.planned.map(\.name).joined(separator: ", "), .dim))
        }
        return 0
    }
}
