import Foundation
import Synchronization
import Testing

@testable import LabCore

@Suite("ThreadCPUWait: the time a thread was ready to run and had no CPU")
struct ThreadCPUWaitTests {
    @Test func theSecondFieldOfSchedstatIsTheWait() {
        expectEqual(ThreadCPUWait.parse("81234 4567000 12\n"), 0.004567)
        expectEqual(ThreadCPUWait.parse("81234"), nil)
        expectEqual(ThreadCPUWait.parse("running waiting slices"), nil)
    }

    @Test func readingsCompareOnlyOnOneThread() {
        let earlier = ThreadCPUWait(thread: 7, seconds: 0.25)
        expectEqual(ThreadCPUWait(thread: 7, seconds: 0.5).since(earlier), 0.25)
        expectEqual(ThreadCPUWait(thread: 8, seconds: 0.5).since(earlier), nil, "another thread's reading")
        expectEqual(ThreadCPUWait(thread: 7, seconds: 0.5).since(nil), nil, "no earlier reading")
    }

    /// More threads computing at once than the machine has CPUs: some must be left ready to run
    /// with no CPU, and their readings must say so. On macOS, which does not publish it, nil.
    @Test func threadsThatOutnumberTheCPUsWaitForThem() async {
        #if os(Linux)
            // More than any count of the CPUs says (activeProcessorCount may apply a cgroup quota
            // below the CPUs the threads can run on; a namespace may show fewer online).
            let info = ProcessInfo.processInfo
            let threads = max(info.activeProcessorCount, info.processorCount, ExecutorProbe.onlineCPUs) + 1
            let arrived = Arrivals()
            let waits = await withTaskGroup(of: Double?.self) { group in
                for index in 0..<threads {
                    group.addTask {
                        await OnAThreadOfItsOwn.blockingWork(named: "contender \(index)") {
                            let before = ThreadCPUWait.now()
                            // All start together, so their work overlaps whatever the order they started in.
                            arrived.count.add(1, ordering: .relaxed)
                            while arrived.count.load(ordering: .relaxed) < threads {}
                            let start = ProcessUsage.callingThreadCPUSeconds()
                            while ProcessUsage.callingThreadCPUSeconds() - start < 0.02 {
                                _ = CPUWork.run(units: 1_000)
                            }
                            return ThreadCPUWait.now()?.since(before)
                        }
                    }
                }
                return await group.reduce(into: [Double?]()) { $0.append($1) }
            }
            expectEqual(waits.filter { $0 == nil }.count, 0, "every thread read its own wait: \(waits)")
            expectAbove(waits.compactMap { $0 }.reduce(0, +), 0, "\(threads) threads on fewer CPUs all got one at once")
        #else
            expectEqual(ThreadCPUWait.now(), nil)
        #endif
    }
}

/// The threads' starting line (an Atomic cannot be captured by an escaping closure; a class holding one can).
private final class Arrivals: Sendable {
    let count = Atomic<Int>(0)
}
