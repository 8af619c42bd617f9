import Foundation
import LabCore

/// How a batch spreads its work over threads of its own (builds and runs hold a thread for
/// seconds each, so never the cooperative pool's). Synchronous: the caller is itself a
/// thread of the grader's (`BatchGrading.gradeBlocking`), never an async context.
enum WorkerThreads {
    /// Calls `body` for 0..<count on `workers` threads, and returns when all are done.
    static func parallel(_ count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<min(workers, count) {
            group.enter()
            Thread {
                while true {
                    let slot = next.withLock {
                        $0 += 1
                        return $0 - 1
                    }
                    guard slot < count else { break }
                    body(slot)
                }
                group.leave()
            }.start()
        }
        group.wait()
    }

    /// Calls `body` for 0..<count in order, `workers` at a time, except that a call still
    /// running after `release` stops counting against `workers`: the next one starts beside
    /// it (`ceiling` calls at most in all). For checks: most take under a second, but one
    /// that hangs is stopped only at its time limit (10–15 s), waiting, not computing; counted
    /// as a worker until then, ten of them held the run phase of `lab exercises --verify` for
    /// most of its length while the CPUs were idle (docs/MEASUREMENTS.md, "Grading loops").
    /// A check that computes past `release` is, for the others, what a busy machine is, which
    /// every check is made to withstand.
    static func staggered(
        _ count: Int, workers: Int, release: Duration, ceiling: Int, _ body: @escaping @Sendable (Int) -> Void
    ) {
        let slots = DispatchSemaphore(value: max(1, workers))
        let room = DispatchSemaphore(value: max(workers, ceiling, 1))
        let group = DispatchGroup()
        for slot in 0..<count {
            room.wait()
            slots.wait()
            group.enter()
            // The slot goes back once: at `release`, or at the end if that comes first.
            let holdsSlot = Locked(true)
            let giveBack: @Sendable () -> Void = {
                let held = holdsSlot.withLock { held in
                    defer { held = false }
                    return held
                }
                if held { slots.signal() }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + release.seconds, execute: giveBack)
            Thread {
                body(slot)
                giveBack()
                room.signal()
                group.leave()
            }.start()
        }
        group.wait()
    }
}
