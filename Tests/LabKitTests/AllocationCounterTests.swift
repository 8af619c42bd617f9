import Foundation
import LabCore
import Testing

/// The allocation counter sees the allocations Swift code makes, on every thread, and
/// counts exactly what it is asked to: a test of the interposer, not of Swift's allocator.
@Suite(.serialized) struct AllocationCounterTests {
    /// A class instance is one malloc and, once released, one free, of at least its size.
    final class Box: @unchecked Sendable {  // never mutated; Sendable so the test can hand it over
        let values: (Int, Int, Int, Int) = (1, 2, 3, 4)
    }

    @inline(never) static func makeBoxes(_ count: Int) -> Int {
        var kept = 0
        for _ in 0..<count { kept &+= withExtendedLifetime(Box()) { ObjectIdentifier($0).hashValue & 1 } }
        return kept
    }

    @Test func countsEachObjectOnceAndItsFree() async throws {
        guard AllocationCounter.isAvailable else {
            expectEqual(AllocationCounter.read(), nil)
            expectNotEqual(AllocationCounter.unavailableReason, nil)
            return
        }
        // This thread's own counts: exact, whatever other threads (other tests) allocate meanwhile.
        guard let before = AllocationCounter.readThisThread() else { return }
        let kept = Self.makeBoxes(10_000)
        guard let after = AllocationCounter.readThisThread() else { return }
        let boxes = after - before
        expectAtLeast(kept, 0)
        expectEqual(boxes.mallocs, 10_000)
        expectEqual(boxes.frees, 10_000)
        // Each box asks for its header (16 bytes) and four Ints.
        expectEqual(boxes.bytes, 10_000 * 48)
        // The process-wide reading holds them too.
        let process = try unwrap(AllocationCounter.counting { Self.makeBoxes(1_000) }.allocations)
        expectAtLeast(process.mallocs, 1_000)
    }

    @Test func countsMallocFreeReallocAndAlignedCallsAsDocumented() throws {
        guard AllocationCounter.isAvailable else { return }
        // Plain reads of this thread's counts: #require's own bookkeeping allocates once it has the value.
        guard let before = AllocationCounter.readThisThread() else { return }
        let block = malloc(100)
        let grown = realloc(block, 1_000)  // a free of the old block and a malloc of 1,000 bytes
        free(grown)
        var aligned: UnsafeMutableRawPointer?
        let alignedStatus = posix_memalign(&aligned, 64, 256)
        let alignment = Int(bitPattern: aligned) % 64
        free(aligned)
        let oddStatus = posix_memalign(&aligned, 3, 256)  // not a power of two: refused, nothing counted
        let zeroed = calloc(10, 10)
        free(zeroed)
        guard let after = AllocationCounter.readThisThread() else { return }
        // (The checks come after the reading: an #expect allocates as it records.)
        expect(alignedStatus == 0 && alignment == 0)
        expectEqual(oddStatus, EINVAL)
        let counted = after - before
        // malloc, realloc's new block, posix_memalign, calloc = 4; realloc's old block and 3 frees = 4.
        expectEqual(counted.mallocs, 4)
        expectEqual(counted.frees, 4)
        expectAtLeast(counted.bytes, 100 + 1_000 + 256 + 100)
    }

    @Test func countsAllocationsOnOtherThreads() throws {
        guard AllocationCounter.isAvailable else { return }
        let before = try unwrap(AllocationCounter.read())
        let threads = (0..<4).map { _ in
            let thread = Thread { _ = Self.makeBoxes(5_000) }
            thread.start()
            return thread
        }
        while threads.contains(where: { !$0.isFinished }) { usleep(1_000) }
        let counted = try unwrap(AllocationCounter.read()) - before
        expectAtLeast(counted.mallocs, 20_000)
        expectAtLeast(counted.frees, 20_000)
    }

    /// In a process of its own (an exit test): counting off is off for the whole process, and in
    /// the test process it would stop the counts of other tests running beside this one.
    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted (Linux, no sanitizer)"))
    func countingOffCountsNothingAndForwardsEveryCall() async {
        await #expect(processExitsWith: .success) {
            AllocationCounterTests.countNothingWhileOff()
        }
    }

    /// Exits 0 when nothing is counted while counting is off and every call still allocates.
    static func countNothingWhileOff() {
        AllocationCounter.setCounting(false)
        // A call that read the flag just before it went off may still be adding its count.
        usleep(20_000)
        guard let before = AllocationCounter.read() else { exit(2) }
        guard makeBoxes(10_000) >= 0, let block = malloc(64) else { exit(3) }
        free(block)
        guard AllocationCounter.read() == before else { exit(4) }
        AllocationCounter.setCounting(true)
        guard makeBoxes(10) >= 0, let after = AllocationCounter.read(), after.mallocs >= before.mallocs + 10 else {
            exit(5)
        }
    }
}
