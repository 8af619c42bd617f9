/// How steady the machine was during a run, from two probes that never touch a
/// measurement: the memory probe, read before every sample, and the handoff
/// probe, read between suites. They say when the machine's own change could
/// explain a difference between runs.
public struct Steadiness: Sendable, Codable, Equatable {
    /// Where a probe's readings fell during the run.
    public struct Range: Sendable, Codable, Equatable {
        public let medianNanoseconds: Double
        /// 5th and 95th percentiles: where the machine spent almost all of the run.
        public let lowNanoseconds: Double
        public let highNanoseconds: Double
        public let readings: Int

        /// How far apart the machine's slow and fast phases were: p95 ÷ p5 − 1.
        public var spread: Double { lowNanoseconds > 0 ? highNanoseconds / lowNanoseconds - 1 : 0 }

        public init?(readings values: [Double]) {
            let sorted = values.filter { $0 > 0 && $0.isFinite }.sorted()
            guard sorted.count >= 3 else { return nil }
            medianNanoseconds = Statistics.quantile(sorted, 0.5)
            lowNanoseconds = Statistics.quantile(sorted, 0.05)
            highNanoseconds = Statistics.quantile(sorted, 0.95)
            readings = sorted.count
        }

        var text: String {
            "\(Format.time(lowNanoseconds / 1e9))–\(Format.time(highNanoseconds / 1e9)), \(Int((spread * 100).rounded()))% apart"
        }
    }

    /// Nanoseconds per step of `MemoryProbe`.
    public let memory: Range?
    /// Nanoseconds per core-to-core round trip (`HandoffProbe`).
    public let handoff: Range?

    /// A machine whose probes moved less than this counts as steady: the
    /// smallest change the harness reports by default is 5%.
    public static let steadyLimit = 0.05

    public init?(memoryReadings: [Double], handoffReadings: [Double]) {
        memory = Range(readings: memoryReadings)
        handoff = Range(readings: handoffReadings)
        if memory == nil && handoff == nil { return nil }
    }

    /// From the memory probe readings the samples carry, and handoff readings taken between suites.
    public init?(samples: [Sample], handoffReadings: [Double]) {
        self.init(memoryReadings: samples.compactMap(\.probeNanoseconds), handoffReadings: handoffReadings)
    }

    public var isSteady: Bool { [memory, handoff].allSatisfy { ($0?.spread ?? 0) < Steadiness.steadyLimit } }

    /// One or two plain sentences for every report.
    public var sentence: String {
        var parts: [String] = []
        if let memory { parts.append("memory probe \(memory.text)") }
        if let handoff { parts.append("core-to-core round trip \(handoff.text)") }
        let readings = parts.joined(separator: "; ")
        if isSteady { return "Machine steady during this run (\(readings))." }
        return "Machine not steady during this run (\(readings)): the machine itself changed speed, "
            + "so medians from separate runs can differ by that much with no change in the code. "
            + "Compare variants within one run (the ratios), or compare runs whose probes agree."
    }

    /// The probe that moved most between two runs, and by how much (current ÷ baseline − 1).
    public static func shift(from baseline: Steadiness?, to current: Steadiness?) -> (probe: String, change: Double)? {
        guard let baseline, let current else { return nil }
        let pairs: [(String, Range?, Range?)] = [
            ("memory probe", baseline.memory, current.memory),
            ("core-to-core round trip", baseline.handoff, current.handoff),
        ]
        return pairs.compactMap { name, before, after -> (String, Double)? in
            guard let before, let after, before.medianNanoseconds > 0 else { return nil }
            return (name, after.medianNanoseconds / before.medianNanoseconds - 1)
        }.max { abs($0.1) < abs($1.1) }
    }
}
