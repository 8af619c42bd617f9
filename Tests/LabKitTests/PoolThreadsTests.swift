import Foundation
import Testing

@testable import LabCore

/// How many threads the shared pool may have, as the checks and the width probe count them: from
/// the CPUs online, which Dispatch sizes the pool from, even where a quota makes
/// `activeProcessorCount` smaller.
@Suite struct PoolThreadsTests {
    @Test func aQuotaBelowTheCPUsOnlineDoesNotShrinkThePool() {
        expectEqual(ExecutorProbe.mostPoolThreads(activeProcessors: 2, online: 32), 32)
        expectEqual(ExecutorProbe.mostPoolThreads(activeProcessors: 8, online: 4), 8)
        expectEqual(ExecutorProbe.mostPoolThreads(activeProcessors: 0, online: 0), 1)
    }

    @Test func thisMachinesCeilingCountsEveryCPUOnline() {
        expectAtLeast(ExecutorProbe.mostPoolThreads, ExecutorProbe.onlineCPUs)
        expectAtLeast(ExecutorProbe.mostPoolThreads, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The probe stops at its limit, so a limit no larger than the pool could only ever say "as
    /// many as I tried": it must try more tasks than the pool has threads.
    @Test(arguments: [1, 2, 4, 16, 32, 96])
    func theProbeTriesMoreTasksThanThePoolHasThreads(threads: Int) {
        expectAbove(ExecutorProbe.defaultTaskLimit(mostPoolThreads: threads), threads)
        expectAtLeast(ExecutorProbe.defaultTaskLimit(mostPoolThreads: threads), 16)
    }
}
