import CheckChannel
import LabCore

/// The verdicts, sent on the grader's private channel (see CheckChannel.h), never
/// printed: only this file's records count, and only a check that reaches its end
/// (every planned expectation, then "done") can pass.
final class CheckReport: Sendable {
    private let failures = Locked(0)
    private let chainWitness = ChainWitness()

    init(planned: Int) { lab_check_record("plan", "\(planned)") }

    func pass(_ message: String) { lab_check_record("pass", message) }

    func fail(_ message: String) {
        failures.withLock { $0 += 1 }
        lab_check_record("fail", message)
    }

    func expect(_ condition: Bool, _ passed: String, otherwise failed: String) {
        condition ? pass(passed) : fail(failed)
    }

    /// An expectation judged by a bound on the clock alone, one a correct answer meets unless the
    /// machine stalls it past the bound (a CPU shared with a build, a paused VM): failed as a "late"
    /// record. A run whose every failure is late is run once more by the grader, and the second
    /// run's verdict stands (`CheckOutcome.onlyLate`): an answer that is slow by its code is late
    /// on both, one a stall made late is not.
    func expectInTime(_ condition: Bool, _ passed: String, otherwise failed: String) {
        condition ? pass(passed) : late(failed)
    }

    /// A failure by a bound on the clock alone (see `expectInTime`).
    func late(_ message: String) {
        failures.withLock { $0 += 1 }
        lab_check_record("late", message)
    }

    /// Says what the check is about to await, so a hang can be explained (with the tasks the answer
    /// began meanwhile, where they are a chain's: `ChainWitness`). `calls`: how many calls to the
    /// answer the wait makes, where it makes many (a task each is no chain).
    func waiting(_ what: String, calls: Int = 0) { chainWitness.watch(what, calls: calls) }

    var hasFailed: Bool { failures.withLock { $0 > 0 } }
}
