import Foundation
import Testing

@testable import LabExercises

/// docs/TEACHING.md's counts and exercise table come from the catalogue: this test fails
/// when an exercise, a mistake or an alternative is added and the guide is not updated.
@Suite("The teaching guide agrees with the exercise catalogue")
struct TeachingGuideTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    var guide: String {
        (try? String(contentsOf: root.appendingPathComponent("docs/TEACHING.md"), encoding: .utf8)) ?? ""
    }

    func count(_ role: KnownAnswer.Role) -> Int {
        TestLab.exercises.map { KnownAnswer.all(for: $0, root: root).answers.filter { $0.role == role }.count }.reduce(
            0, +)
    }

    @Test func theCountsAreTheCatalogues() {
        let exercises = TestLab.exercises
        let minutes = exercises.map(\.minutes).reduce(0, +)
        expectContains(
            guide, "\(exercises.count) exercises, about \(minutes) minutes",
            "say \(exercises.count) exercises, \(minutes) minutes")
        expectContains(guide, "holds \(count(.mistake)) mistakes", "say \(count(.mistake)) mistakes")
        expectContains(guide, "and \(count(.alternative)) alternatives", "say \(count(.alternative)) alternatives")
    }

    @Test func theTableListsEveryExerciseAsTheCatalogueDoes() {
        let rows = guide.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        let expected = TestLab.exercises.map {
            "| `\($0.id)` | \($0.lesson) | \($0.title) | \($0.kind.rawValue) | \($0.minutes) |"
        }
        expectEqual(rows, expected)
    }

    @Test func thePlanCoversEveryLessonWithExercises() {
        let plan =
            guide.components(separatedBy: "A two-session plan").dropFirst().first?.components(separatedBy: "\n\n").first
            ?? ""
        for lesson in Set(TestLab.exercises.map(\.lesson)) {
            expectContains(plan, "`\(lesson)`", "the plan names \(lesson)")
        }
    }
}
