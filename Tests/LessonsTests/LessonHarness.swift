import Foundation
import Testing

@testable import LabCore
@testable import LessonKit
@testable import Lessons

/// Runs a lesson in-process with `--json` and reads back its report.
@MainActor
enum LessonHarness {
    static func run(_ lesson: any Lesson, _ variants: [String], scale: Double = 0.05, seed: UInt64 = 42) async throws
        -> LessonReport
    {
        let console = Console(terminal: .plain(), narrates: false, sink: .buffer)
        let arguments =
            ["--json", "--scale", "\(scale)", "--seed", "\(seed)"] + variants.flatMap { ["--variant", $0] }
        let status = await LessonRunner.run(lesson, arguments: arguments, console: console)
        let report = try LessonReport.decode(Data(console.capturedText.utf8))
        #expect(status == 0, "\(report.variants.compactMap(\.error))")
        return report
    }
}

extension LessonReport {
    func figure(_ variant: String, _ key: String) throws -> Figure {
        let result = try #require(variants.first { $0.name == variant }, "no variant \(variant)")
        return try #require(result.figures.first { $0.key == key }, "no figure \(key) in \(variant)")
    }

    func value(_ variant: String, _ key: String) throws -> Double { try figure(variant, key).value }

    func steps(_ variant: String) -> [Step] { variants.first { $0.name == variant }?.steps ?? [] }
}

extension LessonReport.Step {
    var end: Double { startSeconds + durationSeconds }
    func overlaps(_ other: Self) -> Bool { startSeconds < other.end && other.startSeconds < end }
}
