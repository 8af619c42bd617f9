import Foundation
import Testing

@testable import LabExercises

/// `--verify` grades again, alone, only a wrong verdict that a stalled machine could have made: a
/// correct answer refused, a mistake refused with another sentence; never a wrong answer that passed.
@Suite("--verify's second grading of verdicts the clock made")
struct VerifyRetryTests {
    static let exercise = TestLab.exercises[0]

    static func answer(_ role: KnownAnswer.Role, expecting expected: String? = nil) -> (Exercise, KnownAnswer) {
        let file = URL(fileURLWithPath: "/nonexistent/\(role.rawValue).swift")
        return (
            exercise,
            KnownAnswer(role: role, file: file, origin: file, summary: role.rawValue, expectedMessage: expected)
        )
    }

    static let timedOut = CheckOutcome(
        stage: .timeout, messages: ["01 did not finish within 15 s and was stopped."], details: "")
    static let supervisorLost = CheckOutcome(stage: .forbidden, messages: [CheckVerdict.supervisorLost], details: "")
    static let failed = CheckOutcome(stage: .checks, messages: ["takesTooLong() blocked its thread"], details: "")
    static let passed = CheckOutcome(stage: .passed, messages: [], details: "")

    @Test func aCorrectAnswerStoppedByTheClockOrItsSupervisorLostIsGradedAgain() {
        let answers = [Self.answer(.solution), Self.answer(.alternative), Self.answer(.solution)]
        expectEqual(
            VerifyRetry.indices(of: answers, outcomes: [Self.timedOut, Self.supervisorLost, Self.passed]), [0, 1])
    }

    @Test func aMistakeIsGradedAgainOnlyWhenTheClockHidItsOwnMessage() {
        let hangs = Self.answer(.mistake, expecting: "did not finish")
        let blocks = Self.answer(.mistake, expecting: "blocked its thread")
        expectEqual(VerifyRetry.indices(of: [hangs, blocks], outcomes: [Self.timedOut, Self.timedOut]), [1])
        expect(VerifyRetry.indices(of: [blocks], outcomes: [Self.failed]).isEmpty, "its verdict is right")
    }

    /// A bound on the clock a stall crosses (01's calls at once within 500 ms, refused at 770 ms on
    /// one CPU in CI) refuses a correct answer, or gives a mistake another of the check's sentences.
    @Test func aCorrectAnswerRefusedOrAMistakeToldAnotherSentenceIsGradedAgain() {
        let answers = [
            Self.answer(.solution), Self.answer(.alternative), Self.answer(.mistake, expecting: "returned late"),
        ]
        expectEqual(VerifyRetry.indices(of: answers, outcomes: [Self.failed, Self.failed, Self.failed]), [0, 1, 2])
    }

    /// A wrong answer that got through is what the catalogue exists to show: a second, luckier
    /// grading must never hide it.
    @Test func aWrongAnswerThatPassedIsNeverGradedAgain() {
        let answers = [Self.answer(.mistake, expecting: "blocked its thread"), Self.answer(.original)]
        expect(VerifyRetry.indices(of: answers, outcomes: [Self.passed, Self.passed]).isEmpty)
    }

    @Test func theStartingFileMayFailByTheClock() {
        // A starting file fails by its behaviour, the timeout included: nothing to grade again.
        expect(VerifyRetry.indices(of: [Self.answer(.original)], outcomes: [Self.timedOut]).isEmpty)
    }
}
