import LabCore
import LabTrace

/// A family of benchmarks: one workload, several ways of doing it, one of them
/// the reference the others are compared with, and where known, the ideal: the
/// physical limit for the workload, so a report can say how close each came.
public struct BenchmarkSuite: Sendable {
    public enum Kind: String, Sendable, Codable {
        /// Nanoseconds per operation of a concurrency primitive; many operations per sample.
        case primitive
        /// Seconds per run of a whole workload (a fan-out, a CPU job); one run per sample.
        case pattern
    }

    public let name: String
    public let kind: Kind
    public let summary: String
    public let variants: [BenchmarkVariant]
    public let reference: String
    public let ideal: Ideal?
    /// The name of the variants' figure that is this suite's point (e.g. "frames dropped"; see
    /// `Figure`): the conclusion leads with it instead of the time.
    public let headline: String?
    /// Optional: the workload at several sizes, for `lab bench --scan`.
    public let scan: Scan?
    /// How far each metric may move against a baseline before `--compare` fails the run
    /// (see `Threshold`); what is not declared here takes `Threshold.defaults`.
    public let thresholds: [Threshold]

    public init(
        name: String, kind: Kind, summary: String, reference: String, ideal: Ideal? = nil, headline: String? = nil,
        scan: Scan? = nil, thresholds: [Threshold] = [], variants: [BenchmarkVariant]
    ) {
        precondition(variants.contains { $0.name == reference }, "the reference must be one of the variants")
        self.name = name
        self.kind = kind
        self.summary = summary
        self.reference = reference
        self.ideal = ideal
        self.headline = headline
        self.scan = scan
        self.thresholds = thresholds
        self.variants = variants
    }

    /// The same suite under another name (a scan's point: "CPU fan-out [tasks = 4]").
    public func named(_ newName: String) -> BenchmarkSuite {
        BenchmarkSuite(
            name: newName, kind: kind, summary: summary, reference: reference, ideal: ideal, headline: headline,
            scan: scan, thresholds: thresholds, variants: variants)
    }
}

/// The best any variant could do, and why.
public struct Ideal: Sendable, Codable, Equatable {
    public let seconds: Double
    public let reason: String

    public init(seconds: Double, reason: String) {
        self.seconds = seconds
        self.reason = reason
    }
}

/// One way of doing a suite's work.
public struct BenchmarkVariant: Sendable {
    public let name: String
    /// Does the work `iterations` times (the loop is the variant's own, so the
    /// harness adds one call per sample, not one per operation).
    public let run: @Sendable (_ iterations: Int) async -> Void
    /// Optional: the figures the variant measured itself during the last run (e.g. frames
    /// dropped), read after every sample.
    public let figures: (@Sendable () async -> [Figure])?
    /// Optional: runs once with a probe, for the report's timeline.
    public let traced: (@Sendable (Probe) async -> Void)?

    public init(
        _ name: String,
        figures: (@Sendable () async -> [Figure])? = nil,
        traced: (@Sendable (Probe) async -> Void)? = nil,
        run: @escaping @Sendable (_ iterations: Int) async -> Void
    ) {
        self.name = name
        self.run = run
        self.figures = figures
        self.traced = traced
    }
}
