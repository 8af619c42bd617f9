/// One timed sample of one variant: `iterations` operations.
import LabCore

public struct Sample: Sendable, Codable, Equatable {
    public let iterations: Int
    public let wallSeconds: Double
    public let cpuSeconds: Double
    public let voluntarySwitches: Int
    public let involuntarySwitches: Int
    public let peakMemoryBytes: Int
    public let threads: Int?
    /// The variant's own figures after the sample (see `BenchmarkVariant.figures`).
    public var figures: [Figure]
    /// Which worker process took the sample, when a suite was spread over several (1-based).
    public var process: Int?
    /// The machine-steadiness probe, read just before this sample (ns per step; see `MemoryProbe`).
    public var probeNanoseconds: Double?
    /// What the process allocated during the sample (all threads; see `AllocationCounter`), or
    /// nil where allocations are not counted (macOS, sanitizer builds, results before schema 2).
    public var allocations: AllocationCounts?
    /// Executor hops during the sample, all tasks (see `HopCounter`), or nil where not counted
    /// (sanitizer builds, macOS in this edition, results before schema 3).
    public var hops: HopCounts? = nil
    /// Strong retains and releases during the sample, all threads (see `RetainCounter`), or nil
    /// where not counted (a program without LabRetainCounter, macOS, results before schema 4).
    public var retains: RetainCounts? = nil
    /// The wall time over which `cpuSeconds` was read: from the first `getrusage` to the second,
    /// a span that holds the timed run. The CPU time is the process's, read around the run, so
    /// dividing it by the run's own `wallSeconds` can overstate the parallelism: a thread
    /// preempted between a reading and the clock lets other threads' CPU time in with no wall
    /// time for it. Nil in results written before this field (parallelism then uses `wallSeconds`).
    public var cpuWindowSeconds: Double? = nil

    /// Wall time per operation: the figure the statistics are computed on.
    public var secondsPerOperation: Double { wallSeconds / Double(iterations) }

    /// Mallocs, frees and bytes per operation in this sample.
    public var allocationsPerOperation: AllocationRates? {
        allocations.map {
            AllocationRates(
                mallocs: Double($0.mallocs) / Double(iterations), frees: Double($0.frees) / Double(iterations),
                bytes: Double($0.bytes) / Double(iterations))
        }
    }

    /// Executor hops per operation in this sample.
    public var hopsPerOperation: Double? { hops.map { Double($0.switches) / Double(iterations) } }

    /// Jobs enqueued on the global pool per operation in this sample.
    public var enqueuesPerOperation: Double? {
        hops.map { Double($0.enqueues) / Double(iterations) }
    }

    /// Retains and releases per operation in this sample.
    public var retainsPerOperation: RetainRates? {
        retains.map {
            RetainRates(
                retains: Double($0.retains) / Double(iterations), releases: Double($0.releases) / Double(iterations))
        }
    }

    /// CPU time ÷ wall time: ≈ 1 for one busy thread, ≈ cores when all are busy, ≈ 0 when waiting.
    /// The wall time the CPU time was read over (`cpuWindowSeconds`), where the sample has it.
    public var parallelism: Double {
        let window = cpuWindowSeconds ?? wallSeconds
        return window > 0 ? cpuSeconds / window : 0
    }
}
