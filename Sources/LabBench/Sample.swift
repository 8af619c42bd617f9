/// One timed sample of one variant: `iterations` operations.
public struct Sample: Sendable, Codable, Equatable {
    public let iterations: Int
    public let wallSeconds: Double
    public let cpuSeconds: Double
    public let voluntarySwitches: Int
    public let involuntarySwitches: Int
    public let peakMemoryBytes: Int
    public let threads: Int?
    public var extra: [String: Double]
    /// Which worker process took the sample, when a suite was spread over several (1-based).
    public var process: Int?
    /// The machine-steadiness probe, read just before this sample (ns per step; see `MemoryProbe`).
    public var probeNanoseconds: Double?

    /// Wall time per operation: the figure the statistics are computed on.
    public var secondsPerOperation: Double { wallSeconds / Double(iterations) }

    /// CPU time ÷ wall time: ≈ 1 for one busy thread, ≈ cores when all are busy, ≈ 0 when waiting.
    public var parallelism: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds : 0 }
}
