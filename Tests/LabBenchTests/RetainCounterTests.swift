import Foundation
import Testing

@testable import LabBench

/// Workloads whose retains and releases are known, counted by the lab's retain counter
/// (Sources/CLabRetains/retains.c) on the test's own thread, exact whatever other tests run.
/// The tests are built for debugging, where Swift adds retains of its own around calls; so each
/// count is checked for its exact growth with the workload's size, not an absolute figure (a
/// release build's exact figures are the "measurement cost: retain counter" suite's).
@Suite(
    "Retains and releases: known workloads give known counts", .serialized,
    .enabled(if: RetainCounter.isAvailable, "retains are counted on Linux, and not under a sanitizer"))
struct RetainCounterTests {
    final class Counted: Sendable {}

    @inline(never) static func retain(_ object: Counted, times: Int) {
        for _ in 0..<times { _ = Unmanaged.passUnretained(object).retain() }
    }

    @inline(never) static func release(_ object: Counted, times: Int) {
        for _ in 0..<times { Unmanaged.passUnretained(object).release() }
    }

    /// This thread's counts while `body` runs (synchronous: it stays on this thread).
    static func counted(_ body: () -> Void) throws -> RetainCounts {
        try unwrap(RetainCounter.countingThisThread(body).counts)
    }

    @Test func retainingNTimesCountsAWholeNumberOfRetainsPerTimeExactly() throws {
        let object = Counted()
        let n = 1_000
        let none = try Self.counted { Self.retain(object, times: 0) }
        let once = try Self.counted { Self.retain(object, times: n) }
        let twice = try Self.counted { Self.retain(object, times: 2 * n) }
        Self.release(object, times: 3 * n)
        let perTime = once.retains - none.retains
        // At least one retain per Unmanaged.retain(), the same number every time: the count grows
        // by exactly that for each further n.
        expect(perTime >= n && perTime % n == 0)
        expectEqual(twice.retains - once.retains, perTime)
    }

    @Test func releasingNTimesCountsAWholeNumberOfReleasesPerTimeExactly() throws {
        let object = Counted()
        let n = 1_000
        Self.retain(object, times: 3 * n)
        let none = try Self.counted { Self.release(object, times: 0) }
        let once = try Self.counted { Self.release(object, times: n) }
        let twice = try Self.counted { Self.release(object, times: 2 * n) }
        let perTime = once.releases - none.releases
        expect(perTime >= n && perTime % n == 0)
        expectEqual(twice.releases - once.releases, perTime)
    }

    @Test func theInterposedPairIsExactlyOneRetainAndOneReleaseMoreThanTheDirectOne() throws {
        let object = Counted()
        let n = 10_000
        let direct = try Self.counted {
            for _ in 0..<n { RetainCounter.retainAndRelease(object, bypassingTheCounter: true) }
        }
        let interposed = try Self.counted {
            for _ in 0..<n { RetainCounter.retainAndRelease(object, bypassingTheCounter: false) }
        }
        expectEqual(interposed - direct, RetainCounts(retains: n, releases: n))
    }

    @Test func smallStringsAreRetainedThroughTheBridgeObjectEntryPoints() throws {
        // A small string's payload is not a pointer: the runtime's instrumentation hooks crash on
        // it (retains.c says why the lab does not use them); the interposer hands it on unchanged.
        let words = (0..<100).map { "word number \($0 % 10)" }
        var copies: [String] = []
        let counts = try Self.counted { copies = words.map { String($0) } }
        expectEqual(copies, words)
        expectAbove(counts.retains, 0)
    }

    @Test func anotherThreadsRetainsAreInTheProcessTotalNotInThisThreads() throws {
        let object = Counted()
        let n = 50_000
        let done = DispatchSemaphore(value: 0)
        let processBefore = try unwrap(RetainCounter.read())
        let mine = try Self.counted {
            Thread.detachNewThread {
                Self.retain(object, times: n)
                Self.release(object, times: n)
                done.signal()
            }
            done.wait()
        }
        let process = try unwrap(RetainCounter.read()) - processBefore
        expect(process.retains >= n && process.releases >= n)
        expectBelow(mine.retains, n)
    }

    @Test func countingOffCountsNothing() throws {
        let object = Counted()
        // Off for the whole process: other tests' counts pause too, and none asserts a total
        // over this instant (the exact ones read their own thread).
        RetainCounter.setCounting(false)
        let counts = try Self.counted { Self.retain(object, times: 1_000) }
        RetainCounter.setCounting(true)
        Self.release(object, times: 1_000)
        expectEqual(counts, RetainCounts(retains: 0, releases: 0))
    }
}
