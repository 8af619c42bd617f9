import Testing

@testable import LabBench

/// Workloads whose executor hops are known, counted by the lab's hop counter (hops.c). Each
/// test reads its own task's counts (`countingThisTask`), exact while other tests run; the
/// process-wide counts the harness samples are checked to hold at least as many.
@Suite(
    "Executor hops: known workloads give known counts", .serialized,
    .enabled(if: HopCounter.isAvailable, "hops are counted on Linux, and not under a thread sanitizer"))
struct HopCounterTests {
    static let operations = 1_000

    actor Callee {
        var calls = 0
        func work() { calls += 1 }
    }

    actor Caller {
        func call(_ callee: Callee, times: Int) async {
            for _ in 0..<times { await callee.work() }
        }
    }

    @Test func anActorCallFromAnotherActorIsOneSwitchEachWay() async throws {
        let caller = Caller()
        let callee = Callee()
        let before = try unwrap(HopCounter.read())
        let (_, counted) = await HopCounter.countingThisTask { await caller.call(callee, times: Self.operations) }
        let processWide = try unwrap(HopCounter.read()) - before
        let hops = try unwrap(counted)
        // Into Callee and back to Caller for every call, plus into Caller and back to the
        // pool once for the loop; no job is enqueued (the runtime switches inline when idle).
        expectEqual(hops.switches, 2 * Self.operations + 2)
        expectEqual(hops.enqueues, 0)
        expectAtLeast(processWide.switches, hops.switches)
    }

    @Test func mainActorRunFromThePoolIsTwoSwitchesAndOneEnqueueBackToThePool() async throws {
        let (_, counted) = await HopCounter.countingThisTask {
            var sum = 0
            for _ in 0..<Self.operations { sum += await MainActor.run { 1 } }
            return sum
        }
        let hops = try unwrap(counted)
        // To the main thread and back; the way back is a job for the pool (the main thread
        // cannot run the pool's work itself).
        expectEqual(hops.switches, 2 * Self.operations)
        expectEqual(hops.enqueues, Self.operations)
    }

    @Test func aTaskCreatedAndAwaitedIsOneJobAndOneMoreWhenTheParentHadToWait() async throws {
        let (_, counted) = await HopCounter.countingThisTask {
            var sum = 0
            for _ in 0..<Self.operations { sum += await Task { 1 }.value }
            return sum
        }
        let hops = try unwrap(counted)
        // Each child is one job for the pool; the parent is a second one when the child had not
        // finished by the time it awaited it (a race, so between 1 and 2 per operation).
        expectEqual(hops.switches, 0)
        expect(hops.enqueues >= Self.operations && hops.enqueues <= 2 * Self.operations)
    }

    @Test func measuringTheCountersCostLeavesTheCountsTrue() async throws {
        let (_, counted) = await HopCounter.countingThisTask { HopCounter.countWithoutSwitching(10_000) }
        try expectEqual(#require(counted), HopCounts(switches: 0, enqueues: 0))
    }

    @Test func awaitingANonisolatedFunctionFromThePoolIsNoSwitch() async throws {
        @Sendable func nonisolatedWork() async -> Int { 1 }
        let (_, counted) = await HopCounter.countingThisTask {
            var sum = 0
            for _ in 0..<Self.operations { sum += await nonisolatedWork() }
            return sum
        }
        let hops = try unwrap(counted)
        expectEqual(hops.switches, 0, "the executor never changed")
        expectEqual(hops.enqueues, 0, "and nothing waited")
    }
}
