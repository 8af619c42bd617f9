import Foundation
import Testing

@testable import LabExercises

/// An answer written to stall the type checker (a grader audit: each such expression costs the
/// compiler seconds before it gives up, and hundreds fit in an answer) is stopped at the batch's
/// compile limit, with a verdict of its own that is not tried again alone; the answer beside it
/// is graded as usual.
@Suite("An answer that stalls the compiler is stopped")
struct CompileLimitTests {
    /// One line of mixed integer and floating-point arithmetic the type checker gives up on
    /// after seconds (about 7 s here, measured with `swiftc -typecheck`).
    static func stall(_ number: Int) -> String {
        """
        func stall\(number)() -> Double {
            let a = 1, b = 2.0
            let x = -(1 + a) * 2 - (b + 3) / 4 + (5 - a) * 6 - 7.0 / (a + 8) + 9 * (b - 10) - 11 + a * 12 - 13 / b + 14 * a - 15 + b * 16 - 17
            return x
        }

        """
    }

    @Test func aStallingAnswerIsStoppedAtTheLimitAndTheOtherIsGraded() async throws {
        let exercise = BatchGradingTests.exercise
        let solution = try String(contentsOf: TestLab.folder(exercise).solution, encoding: .utf8)
        let (folder, files) = try BatchGradingTests.answers([
            "stalls": solution + (1...4).map(Self.stall).joined(), "solution": solution,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        // The stalling answer alone gets a short limit: however fast or busy the machine, its four
        // stalls take longer than 2 s, and the solution beside it keeps the batch's 120 s. (The
        // limit is waited for under the batches' lock, which every grading test takes in turn.)
        var stalls = BatchGrading.Answer(exercise: exercise, source: files["stalls"]!)
        stalls.compileLimit = 2
        let outcomes = await BatchGrading(root: BatchGradingTests.root).grade([
            stalls, BatchGrading.Answer(exercise: exercise, source: files["solution"]!),
        ])
        expectEqual(outcomes[0].stage, .compile, "\(outcomes[0])")
        expectEqual(
            outcomes[0].messages,
            [
                "\(exercise.fileName) was still compiling after 2 s (an answer compiles in seconds): look for an expression the compiler cannot type-check"
            ])
        expect(outcomes[1].passed, "\(outcomes[1].messages) \(outcomes[1].details)")
    }

    /// A failed build is tried again alone only while it cost less than half the limit, so an answer
    /// that fails after stalling the type checker costs a class about one limit, not two builds
    /// (the second alone, while no other build runs).
    @Test func aSlowFailureIsNotBuiltAgain() {
        expect(BatchGrading.triesAgainAlone(afterFailingIn: 1.5, limit: 120))
        expect(BatchGrading.triesAgainAlone(afterFailingIn: 59, limit: 120))
        expect(!BatchGrading.triesAgainAlone(afterFailingIn: 60, limit: 120))
        expect(!BatchGrading.triesAgainAlone(afterFailingIn: 22, limit: 30))
    }
}
