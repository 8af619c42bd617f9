import Foundation
import LabCore
import LabTrace

/// Everything one `lab bench` run measured. Encoded as JSON with schema
/// `concurrency-lab.bench/4` (snake_case keys); see docs/BENCH-SCHEMA.md. Results written
/// with schema 1 (before allocation counts and scans), 2 (before executor hops) and 3 (before
/// retain counts and typed figures) are still read, and compare.
public struct BenchmarkReport: Sendable, Codable {
    public static let schema = "concurrency-lab.bench/4"
    public static let readableSchemas = [
        "concurrency-lab.bench/1", "concurrency-lab.bench/2", "concurrency-lab.bench/3", schema,
    ]

    public struct Environment: Sendable, Codable, Equatable {
        public let machine: EnvironmentInfo
        public let executorWidth: Int
        /// How steady the machine's own speed was during the run (absent in older results).
        public var steadiness: Steadiness?
        /// "counted", or why allocations were not counted (absent in schema 1).
        public var allocationCounting: String?
        /// "counted", or why executor hops were not counted (absent before schema 4).
        public var hopCounting: String? = nil
        /// "counted", or why retains and releases were not counted (absent before schema 4).
        public var retainCounting: String? = nil
    }

    public struct Plan: Sendable, Codable, Equatable {
        public let samples: Int
        public let budgetSeconds: Double
        public let quick: Bool
        /// Samples per variant for the primitive suites, measured together (absent in older results).
        public var primitiveSamples: Int?
        /// Worker processes per primitive suite (absent or 1: measured in one process).
        public var processes: Int?
        /// The adaptive stop (`SamplingPlan.stopWidth`): a suite stopped sampling once each
        /// median's 95% interval was this narrow, relative to the median; for pattern and for
        /// primitive suites. Absent: every suite took the count or the budget.
        public var stopWidth: Double? = nil
        public var primitiveStopWidth: Double? = nil
    }

    public var schema: String
    public var createdAt: String
    public var environment: Environment
    public var plan: Plan
    public var suites: [SuiteResult]
    /// Curves from `lab bench --scan` (absent otherwise, and in schema 1); each value's suite
    /// is also in `suites`, with its samples.
    public var scans: [ScanResult]? = nil

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> BenchmarkReport {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let report = try decoder.decode(BenchmarkReport.self, from: try LegacyFigures.upgrade(data))
        guard readableSchemas.contains(report.schema) else { throw BenchError.unsupportedSchema(report.schema) }
        return report
    }
}

public struct SuiteResult: Sendable, Codable {
    public let name: String
    public let kind: BenchmarkSuite.Kind
    public let summary: String
    public let reference: String
    public let ideal: Ideal?
    public let variants: [VariantResult]
    public let conclusion: String
    public let timelines: [Timeline]

    public struct Timeline: Sendable, Codable {
        public let variant: String
        public let spans: [Span]
    }

    public func variant(_ name: String) -> VariantResult? { variants.first { $0.name == name } }

    /// The names of the figures its variants measured, in the order first seen.
    public var figureNames: [String] { Self.figureNames(variants) }

    static func figureNames(_ variants: [VariantResult]) -> [String] {
        var names: [String] = []
        for figure in variants.flatMap(\.figures) where !names.contains(figure.name) { names.append(figure.name) }
        return names
    }
}

public struct VariantResult: Sendable, Codable {
    public let name: String
    public let samples: [Sample]
    /// Statistics of seconds per operation.
    public let summary: Summary
    /// median(variant) ÷ median(reference), with a 95% bootstrap interval.
    public let ratio: Double
    public let ratioLow: Double
    public let ratioHigh: Double
    /// Mann–Whitney U two-sided p-value against the reference.
    public let pValue: Double
    /// ideal ÷ median, when the suite has an ideal.
    public let efficiency: Double?
    public let medianParallelism: Double
    public let medianContextSwitches: Double
    public let peakMemoryBytes: Int
    public let maxThreads: Int?
    /// The variant's own figures (see `Figure`), each the median of its samples' values.
    public let figures: [Figure]
    public let bimodal: Bool
    /// Each worker process's median, when the suite was spread over several processes.
    public let processMedians: [Double]?
    /// Mallocs, frees and bytes per operation (medians over the samples); nil where not counted.
    public var allocationsPerOperation: AllocationRates? = nil
    /// Executor switches per operation (median over the samples); nil where not counted.
    public var hopsPerOperation: Double? = nil
    /// Jobs enqueued on the global pool per operation (median); nil where not counted.
    public var enqueuesPerOperation: Double? = nil
    /// Strong retains and releases per operation (medians); nil where not counted.
    public var retainsPerOperation: RetainRates? = nil

    /// Largest ÷ smallest process median − 1: how much the figure depends on the process.
    public var processSpread: Double? {
        guard let medians = processMedians, medians.count > 1, let low = medians.min(), low > 0 else { return nil }
        return (medians.max() ?? low) / low - 1
    }

    /// The figure of that name, if the variant measured it.
    public func figure(_ name: String) -> Figure? { figures.first { $0.name == name } }

    /// Told apart from the reference by both measures the report shows: the rank test (p < 0.05)
    /// and the ratio's 95% interval, which must leave out 1×. The two are different statistics
    /// (Mann–Whitney on every sample, a bootstrap of the medians' ratio) and can disagree: an
    /// audit's one-CPU run starred "1.17× (0.997–1.7), p = 0.004" and called it "takes 1.17× as
    /// long". Where they disagree, nothing is called a difference.
    public var isSignificant: Bool { pValue < 0.05 && intervalLeavesOutOne }
    /// The ratio's 95% interval lies wholly above or wholly below 1×.
    public var intervalLeavesOutOne: Bool { ratioLow > 1 || ratioHigh < 1 }
    /// How many times faster than the reference (> 1 is faster).
    public var speedup: Double { 1 / ratio }
}

public enum BenchError: Error, Equatable, CustomStringConvertible {
    case unsupportedSchema(String)
    case debugBuild
    case unknownSuite(String, suggestion: String?)
    case badBaselineName(String)
    case missingBaseline(String, path: String)
    case missingResultsFile(String)
    case unreadableBaseline(String, reason: String)
    case workerFailed(process: Int, of: Int, reason: String)
    case allocationsUnavailable(String)
    case noPrimitiveSuite([String])
    case badThresholds(String, reason: String)

    /// 4 when the measurement itself failed; 2 for everything the user can fix in the command.
    public var exitCode: Int32 { if case .workerFailed = self { 4 } else { 2 } }

    public var description: String {
        switch self {
        case .unsupportedSchema(let schema): "results file has schema '\(schema)', expected '\(BenchmarkReport.schema)'"
        case .debugBuild:
            "this is a debug build: unoptimized code times nothing you would ship. Build with -c release (for the lab: `swift run -c release lab bench`), or add --allow-debug to time it anyway"
        case .unknownSuite(let name, let suggestion):
            "no suite matches '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see --list")
        case .badBaselineName(let name)
        where name.count > Baselines.longestName || name.utf8.count > 2 * Baselines.longestName:
            "baseline name '\(name.prefix(40))…' is too long: at most \(Baselines.longestName) characters"
        case .badBaselineName(let name): "baseline name '\(name)' may only use letters, digits, '.', '_' and '-'"
        case .missingBaseline(let name, let path):
            "no baseline named '\(name)' (looked for \(path)); save one with --save-baseline \(name)"
        case .missingResultsFile(let path): "no results file at \(path)"
        case .unreadableBaseline(let name, let reason):
            "baseline '\(name)' cannot be read (\(reason)); it was left untouched"
        case .allocationsUnavailable(let reason): "--allocation-overhead needs allocation counts, and \(reason)"
        case .noPrimitiveSuite(let names):
            "--allocation-overhead measures primitive suites, and \(names.joined(separator: ", ")) \(names.count == 1 ? "is a pattern suite" : "are pattern suites"); see --list"
        case .badThresholds(let path, let reason): "thresholds file '\(path)' was not used: \(reason)"
        case .workerFailed(let process, let count, let reason):
            "worker process \(process) of \(count) \(reason). Nothing was measured in its place and no report was written"
        }
    }
}
