import Foundation
import LabCore
import Testing

@testable import LabExercises

/// `Grader.grade` runs the blocking grade on a thread of its own and resumes the awaiting
/// task with its outcome.
@Suite("Grading is awaited, not run on the pool")
struct GradeOffThePoolTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func anAwaitedGradeReturnsTheBlockingGradesOutcome() async throws {
        let exercise = try unwrap(TestLab.exercises.first)
        let grader = Grader(root: root, exercise: exercise)
        let missing = root.appendingPathComponent("no-such-file-\(UUID().uuidString).swift")
        let awaited = await grader.grade(source: missing)
        expectEqual(awaited.stage, .compile)
        // The blocking twin, compared on a thread of its own: the test practises what it checks.
        let blocking = await OnAThreadOfItsOwn.blockingWork(named: "grade, blocking") {
            grader.gradeBlocking(source: missing)
        }
        expectEqual(awaited.messages, blocking.messages)
        expectEqual(awaited.messages.first?.hasPrefix("cannot read"), true)
    }
}
