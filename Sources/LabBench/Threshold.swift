import Foundation

/// How far one metric of a benchmark may move against a baseline before `--compare` fails
/// the run: declared beside the suite in code (`BenchmarkSuite(thresholds:)`), overridable
/// from a file (`--thresholds FILE`, see `ThresholdFile`).
///
/// Times are judged by the statistics, never by one sample: a breach needs the median to
/// grow by more than `percent` AND the samples to differ significantly (Mann–Whitney,
/// p < 0.05). Counts (mallocs, bytes, executor hops per operation) do not depend on the
/// machine's speed, so they are compared directly, median against median, with a stated
/// tolerance: `absolute` per operation plus `percent` of the baseline's figure (both 0:
/// exact).
public struct Threshold: Sendable, Codable, Equatable {
    public enum Metric: String, Sendable, Codable, CaseIterable {
        /// Wall time per operation.
        case time
        /// Mallocs per operation (the allocation counter).
        case mallocs
        /// Bytes requested per operation.
        case bytes
        /// Executor switches per operation (see `HopCounter`).
        case hops
        /// Jobs enqueued on the global pool per operation (see `HopCounter`).
        case enqueues
        /// Strong retains per operation (see `RetainCounter`).
        case retains

        /// The words a breach line uses.
        public var phrase: String {
            switch self {
            case .time: "time per operation"
            case .mallocs: "mallocs per operation"
            case .bytes: "bytes per operation"
            case .hops: "executor switches per operation"
            case .enqueues: "pool enqueues per operation"
            case .retains: "retains per operation"
            }
        }
    }

    public var metric: Metric
    /// The variant it applies to; nil: every variant of the suite.
    public var variant: String?
    /// Time: the growth of the median allowed, in percent. Counts: allowed growth in percent
    /// of the baseline's figure, added to `absolute`.
    public var percent: Double
    /// Counts only: allowed growth per operation (0.5 tolerates rounding, 0 is exact).
    public var absolute: Double

    public init(_ metric: Metric, variant: String? = nil, percent: Double = 0, absolute: Double = 0) {
        self.metric = metric
        self.variant = variant
        self.percent = percent
        self.absolute = absolute
    }

    /// A time threshold: the median may grow by `percent` before a significant change fails.
    public static func time(percent: Double, variant: String? = nil) -> Threshold {
        Threshold(.time, variant: variant, percent: percent)
    }

    /// A count that must not grow at all.
    public static func exact(_ metric: Metric, variant: String? = nil) -> Threshold {
        Threshold(metric, variant: variant)
    }

    /// A count that may grow by `absolute` per operation plus `percent` of the baseline's.
    public static func count(_ metric: Metric, absolute: Double, percent: Double = 0, variant: String? = nil)
        -> Threshold
    {
        Threshold(metric, variant: variant, percent: percent, absolute: absolute)
    }

    /// What applies where nothing is declared. Time: `--threshold` (default 5%). Mallocs and
    /// hops: half an operation's worth plus 2% (one more per operation always breaches; a
    /// stray allocation by another thread, spread over thousands of operations, never does).
    /// Bytes: 16 per operation plus 5% (a malloc's size may round with the inputs). Enqueues:
    /// half plus 5% (whether an awaiting task had to suspend, and be enqueued again, is a race).
    /// Retains: half plus 2%, as mallocs.
    public static func defaults(timePercent: Double) -> [Threshold] {
        [
            .time(percent: timePercent),
            .count(.mallocs, absolute: 0.5, percent: 2),
            .count(.bytes, absolute: 16, percent: 5),
            .count(.hops, absolute: 0.5, percent: 2),
            .count(.enqueues, absolute: 0.5, percent: 5),
            .count(.retains, absolute: 0.5, percent: 2),
        ]
    }

    /// How much growth a count may show over `baseline` (per operation).
    public func allowance(over baseline: Double) -> Double { absolute + abs(baseline) * percent / 100 }

    /// "±0.5 + 2%", "exact", "5%": the tolerance as a breach line states it.
    public var stated: String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
        }
        if metric == .time { return "+\(number(percent))% (significant, p < 0.05)" }
        switch (absolute, percent) {
        case (0, 0): return "exact"
        case (_, 0): return "+\(number(absolute))"
        case (0, _): return "+\(number(percent))%"
        default: return "+\(number(absolute)) + \(number(percent))%"
        }
    }
}

/// Which threshold applies to a suite's variant and metric: the file's, else the suite's
/// declaration (a variant's own before the whole suite's), else the default.
public struct ThresholdBook: Sendable {
    /// Declarations by suite name: the code's, then the file's on top.
    var declared: [String: [Threshold]]
    var overrides: [String: [Threshold]]
    let defaults: [Threshold]

    public init(suites: [BenchmarkSuite] = [], file: ThresholdFile? = nil, timePercent: Double = 5) {
        var declared: [String: [Threshold]] = [:]
        for suite in suites { declared[suite.name] = suite.thresholds }
        var overrides: [String: [Threshold]] = [:]
        for entry in file?.thresholds ?? [] {
            overrides[entry.suite, default: []].append(entry.threshold)
        }
        self.declared = declared
        self.overrides = overrides
        self.defaults = Threshold.defaults(timePercent: timePercent)
    }

    /// The file's entries that name a suite, or a variant of one, that neither report measured
    /// ("continuatons"): said beside the comparison, where a typo's threshold applied nowhere
    /// without a word (an audit).
    public func unmatchedOverrides(in reports: [BenchmarkReport]) -> [String] {
        var found: [String] = []
        for (suite, thresholds) in overrides.sorted(by: { $0.key < $1.key }) where suite != "*" {
            let measured = reports.flatMap(\.suites).filter { $0.name == suite }
            guard !measured.isEmpty else {
                found.append("'\(suite)'")
                continue
            }
            for variant in Set(thresholds.compactMap(\.variant)).sorted()
            where !measured.contains(where: { $0.variant(variant) != nil }) {
                found.append("'\(suite) › \(variant)'")
            }
        }
        return found
    }

    public func threshold(suite: String, variant: String, metric: Threshold.Metric) -> Threshold {
        func pick(_ list: [Threshold]) -> Threshold? {
            list.last { $0.metric == metric && $0.variant == variant }
                ?? list.last { $0.metric == metric && $0.variant == nil }
        }
        return pick(overrides[suite] ?? []) ?? pick(overrides["*"] ?? []) ?? pick(declared[suite] ?? [])
            ?? pick(defaults)!
    }
}
