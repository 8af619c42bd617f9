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
        let exercise = try unwrap(catalog.exercise(named: id))
        let answers = KnownAnswer.all(for: exercise, root: root)
        expect(answers.problems.isEmpty, "\(answers.problems)")
        return try unwrap(
            answers.answers.first { $0.role == .mistake && $0.origin.lastPathComponent == name + ".diff" }?.file)
    }

    /// The flag the broken-record test spoils the lab's shared build record with.
    static let spoilingFlag = "-no-such-flag-for-the-test"

    /// The shared build in `folder`, prepared as a batch prepares it (call it holding the batch's
    /// lock), but never the spoilt record a broken-record test left if it was stopped between
    /// spoiling it and the batch's rebuild: that one is built again. A batch recovers from it
    /// by itself; a test that prepares directly would fail on it.
    static func wholeSharedBuild(in folder: URL) throws -> BatchToolchain {
        let prepared = try BatchToolchain.prepare(root: root, folder: folder).toolchain
        guard prepared.compileFlags.contains(spoilingFlag) else { return prepared }
        return try BatchToolchain.prepare(root: root, folder: folder, reuse: false).toolchain
    }
}
