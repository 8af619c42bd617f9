import Foundation

/// Which known answers `lab exercises --verify` grades a second time, alone: those whose verdict
/// is wrong only in a way a stalled machine can make it (see `CheckOutcome.mayBeTheMachines`).
///
/// Why: `--verify` is CI's proof of the catalogue, run on one CPU beside other builds. Twice a
/// correct verdict came back as "did not finish within 15 s" there, from checks that take about a
/// second (exercises 21 and 25, docs/MEASUREMENTS.md): a machine that ran nothing for seconds, not
/// an answer that hangs. A catalogued answer that hangs (a mistake whose verdict is the timeout)
/// is already right and is not graded again; an answer that really hangs where it must not times
/// out twice and is reported. Students' answers (`lab check`, `lab grade`) are never graded twice.
enum VerifyRetry {
    /// The indices of `answers` to grade again: a wrong verdict that the machine may have made.
    static func indices(of answers: [(Exercise, KnownAnswer)], outcomes: [CheckOutcome]) -> [Int] {
        zip(answers, outcomes).enumerated().compactMap { index, pair in
            let ((exercise, answer), outcome) = pair
            return outcome.mayBeTheMachines && answer.problem(with: outcome, exercise: exercise) != nil ? index : nil
        }
    }
}
