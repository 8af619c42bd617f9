import CheckChannel
import Foundation
import LabCore

/// While the check awaits the answer (`CheckReport.waiting`), a thread of its own looks once a
/// second at how many tasks the answer's code has begun since that wait began (`TasksBegun`), and
/// past a chain's count (`ChainNote`) it says the wait again with that count, so that a wait that
/// never ends is explained by it in the grader's "did not finish" (the last `waiting` record).
///
/// Why: a chain of tasks, each looking once for a result and starting the next, is told by the
/// check's holds (`Stirrings`) where the machine's pool has two threads or more. Where it has one (a
/// one-CPU machine), the chain can keep that result from ever coming: the task that would hand it
/// over waits behind the chain's next look, every time, and the call never returns (13's, 17's and
/// 18's `a-chain-of-detached-lookers`, session 53). A thread of its own, not the pool's, so the
/// answer's tasks cannot keep it from looking; it only sleeps and reads a counter. Past a hundred
/// times a chain's count it ends the check, refused, rather than let it wait out its time limit (a
/// chain on one thread burns its CPU all the while: 23 s of CI's one-CPU lane, session 53).
final class ChainWitness: Sendable {
    private let state = Locked((awaited: String?.none, calls: 0, begunBefore: 0, toldAt: 0, looking: false))

    /// A new wait, for `awaited`, in which the check makes `calls` calls to the answer (each may
    /// begin a few tasks: `ChainNote.allowance`): recorded, and counted from now. Recorded under the
    /// same lock as the witness's own records, so a note on the wait before can never come after
    /// this one's.
    func watch(_ awaited: String, calls: Int) {
        let firstWait = state.withLock { state in
            lab_check_record("waiting", awaited)
            state.awaited = awaited
            state.calls = calls
            state.begunBefore = TasksBegun.count
            state.toldAt = 0
            defer { state.looking = true }
            return !state.looking
        }
        if firstWait { startLooking() }
    }

    private func startLooking() {
        // The thread lives as long as the check's process (one run): it ends with it.
        let thread = Thread { [self] in
            while true {
                usleep(1_000_000)
                look()
            }
        }
        thread.name = "check · chain witness"
        thread.start()
    }

    private func look() {
        let now = TasksBegun.count
        let stop = state.withLock { state -> String? in
            guard let awaited = state.awaited else { return nil }
            let begun = now - state.begunBefore
            if let note = ChainNote.record(awaited: awaited, begun: begun, lastTold: state.toldAt, calls: state.calls) {
                lab_check_record("waiting", note)
                state.toldAt = begun
            }
            return ChainNote.stop(awaited: awaited, begun: begun, calls: state.calls)
        }
        // Refused at once, from this thread (a chain on one thread would keep the check's own
        // task from ever running): the failure, then the end, as a check that reached its end.
        if let stop {
            lab_check_record("fail", stop)
            lab_check_finish(1)
        }
    }
}
