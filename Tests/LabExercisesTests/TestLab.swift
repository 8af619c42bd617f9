import Foundation
import Testing

@testable import LabExercises

/// The lab these tests run in, and its exercises as `lab` reads them.
enum TestLab {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    // A catalogue that does not load stops the run here, loudly, rather than leaving every
    // test parameterised over its exercises with nothing to check.
    static let catalog = try! ExerciseCatalog.load(root: root)
    static var exercises: [Exercise] { catalog.all }

    static func folder(_ exercise: Exercise) -> ExerciseFolder { ExerciseFolder(root: root, id: exercise.id) }

    /// A catalogued mistake of exercise `id` as the whole file graded (its diff applied to the solution).
    static func mistake(_ id: String, _ name: String) throws -> URL {
        let exercise = try #require(catalog.exercise(named: id))
        let answers = KnownAnswer.all(for: exercise, root: root)
        #expect(answers.problems.isEmpty, "\(answers.problems)")
        return try #require(
            answers.answers.first { $0.role == .mistake && $0.origin.lastPathComponent == name + ".diff" }?.file)
    }
}
