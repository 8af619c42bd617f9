import Foundation
import Testing

@testable import LabCore

@Suite("ThreadPriority: whether a nice below 0 is allowed is asked of the kernel, on a thread of its own")
struct ThreadPriorityTests {
    #if os(Linux)
        /// Whatever the kernel answers here (root, a user namespace, an ordinary user), the trial
        /// leaves the thread that made it as it found it.
        @Test func theTrialPutsTheThreadBack() async {
            let (before, after) = await OnAThreadOfItsOwn.blockingWork(named: "test.nice-trial") {
                let before = ThreadPriority.current
                _ = ThreadPriority.triedBelowNiceZero()
                return (before, ThreadPriority.current)
            }
            expectEqual(before, after)
        }

        /// The calling thread is never the one tried: its nice is the same after the question.
        @Test func askingLeavesTheCallerAlone() async {
            let before = ThreadPriority.current
            let answer = await ThreadPriority.mayGoBelowNiceZero()
            expect(answer != nil)
            expectEqual(ThreadPriority.current, before)
        }
    #endif
}
