import Foundation
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
    #endif
}
