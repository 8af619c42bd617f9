import Foundation

/// Which known answers `lab exercises --verify` grades a second time, alone: those whose verdict
/// is wrong only in a way a stalled machine can make it.
///
/// Why: `--verify` is CI's proof of the catalogue, run on one CPU beside other builds. Twice a
/// correct verdict came back as "did not finish within 15 s" there, from checks that take about a
/// second (exercises 21 and 25, docs/MEASUREMENTS.md): a machine that ran nothing for seconds, not
/// an answer that hangs. And some checks still judge by a bound on the clock that a long enough
/// stall crosses: 01's eight calls at once within 500 ms refused a correct alternative at 770 ms on
/// one CPU beside CI's sanitized lane, and 13's 300 ms after a download ended refused the solution
/// at 350 ms on a machine that was running two builds besides (session 45). So a correct answer
/// refused, or a mistake refused with another of the check's sentences, is graded again alone; the
/// output names each, with its second verdict, so a check that does this often is seen.
///
/// Never graded again: a mistake or a starting file that *passed* (a wrong answer that gets
/// through now and then is a hole the catalogue is there to show), and a timeout a mistake is
/// catalogued with (already right). Students' answers (`lab check`, `lab grade`) are graded once,
/// built once; only a run refused by bounds on the clock alone is run once more (`CheckOutcome.onlyLate`),
/// as here too, before any of this.
enum VerifyRetry {
    /// The indices of `answers` to grade again: a wrong verdict that the machine may have made.
    static func indices(of answers: [(Exercise, KnownAnswer)], outcomes: [CheckOutcome]) -> [Int] {
        zip(answers, outcomes).enumerated().compactMap { index, pair in
            let ((exercise, answer), outcome) = pair
            guard answer.problem(with: outcome, exercise: exercise) != nil else { return nil }
            switch answer.role {
            case .solution, .alternative: return index
            case .mistake: return outcome.passed ? nil : index
            case .original: return outcome.mayBeTheMachines ? index : nil
            }
        }
    }
}
