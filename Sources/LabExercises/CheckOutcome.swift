import LabConsole
import LabCore

/// What grading an exercise found.
public struct CheckOutcome: Sendable, Equatable {
    public enum Stage: String, Sendable, Codable {
        case forbidden, compile, timeout, crash, incomplete, checks, passed
    }

    public let stage: Stage
    /// What to tell the student, one line each.
    public let messages: [String]
    /// Compiler diagnostics or program output, already cut to a readable length.
    public let details: String
    /// What this machine's sandbox could not confine (a kernel without Landlock, say), one line each.
    public var notes: [String] = []
    /// Refused only by bounds on the clock (the check's `expectInTime`): every failure a "late"
    /// record, nothing else wrong. The grader runs such a check once more and keeps the second
    /// verdict (`BatchGrading.run`), so a machine stalled past a bound once does not refuse a
    /// correct answer with a sentence about its code.
    public var onlyLate = false
    /// On the second run's verdict: what the first run, refused only by those bounds, was told.
    /// Said beside the verdict (`lab check`), and named by `--verify` where the second run passed:
    /// a check that leans on the second run is seen.
    public var lateBefore: [String] = []

    /// What the answer's run printed reaches the student's or the teacher's terminal and the
    /// class's report files, so it is made inert here, once (`InertText`).
    public init(stage: Stage, messages: [String], details: String) {
        self.stage = stage
        self.messages = messages.map(InertText.line)
        self.details = InertText.lines(details)
    }

    public var passed: Bool { stage == .passed }

    /// A verdict that a machine stalled for seconds can give a correct answer, whatever its
    /// code: stopped at the wall clock, or its supervisor gone before the check ended.
    public var mayBeTheMachines: Bool {
        stage == .timeout || (stage == .forbidden && messages.contains(CheckVerdict.supervisorLost))
    }
}
