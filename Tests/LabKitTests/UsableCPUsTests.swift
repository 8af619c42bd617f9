import Foundation
import Synchronization
import Testing

@testable import LabCore

@Suite("UsableCPUs: what one CPU (taskset, docker --cpus) leaves a process")
struct UsableCPUsTests {
    @Test func neverMoreThanTheMachineHasNorFewerThanOne() {
        expect((1...ProcessInfo.processInfo.activeProcessorCount).contains(UsableCPUs.count))
    }

    #if os(Linux)
        @Test func aCgroupQuotaIsRoundedUpAndNoQuotaIsNone() {
            expectEqual(UsableCPUs.cgroupQuota("100000 100000\n"), 1)
            expectEqual(UsableCPUs.cgroupQuota("150000 100000\n"), 2)
            expectEqual(UsableCPUs.cgroupQuota("max 100000\n"), nil)
            expectEqual(UsableCPUs.cgroupQuota(nil), nil)
        }

        /// A thread of its own (a pinned thread stays pinned), which then may use one CPU alone,
        /// whichever index it asked for: the index counts round the usable CPUs.
        @Test func aPinnedThreadMayUseOneCPU() {
            let done = DispatchSemaphore(value: 0)
            let seen = Mutex<(pinned: Bool, cpus: Int?)>((false, nil))
            let thread = Thread {
                let pinned = pinCallingThread(toUsableCPU: UsableCPUs.count + 1)
                seen.withLock { $0 = (pinned, UsableCPUs.affinityCount()) }
                done.signal()
            }
            thread.start()
            done.wait()
            let (pinned, cpus) = seen.withLock { $0 }
            expect(pinned)
            expectEqual(cpus, 1)
        }
    #endif
}
