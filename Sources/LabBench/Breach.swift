import LabCore

/// One metric of one variant beyond its threshold: a line of `--compare`'s gate, and a
/// reason for exit status 1.
public struct Breach: Sendable, Equatable {
    public let suite: String
    public let variant: String
    public let metric: Threshold.Metric
    /// Medians per operation: seconds for time, counts otherwise.
    public let baseline: Double
    public let current: Double
    public let threshold: Threshold
    /// Time only: the Mann–Whitney p-value that made the change significant.
    public var pValue: Double? = nil

    /// "BREACH tasks / Task {} / mallocs per operation: 2 → 3 (+1; allowed exact)": suite,
    /// variant and metric first, so a CI log names what moved.
    public var line: String {
        func figure(_ value: Double) -> String {
            metric == .time ? value.formattedAsDuration : value.formatted(significantDigits: 3)
        }
        let growth: String
        if metric == .time {
            let percent = (current / baseline - 1) * 100
            let p = pValue ?? 1
            growth =
                "+\(percent.formatted(significantDigits: 3))%, "
                + (p < 0.001 ? "p < 0.001" : "p = \(p.formatted(significantDigits: 2))")
        } else {
            growth = "+\((current - baseline).formatted(significantDigits: 3))"
        }
        return
            "BREACH \(suite) / \(variant) / \(metric.phrase): \(figure(baseline)) → \(figure(current)) (\(growth); allowed \(threshold.stated))"
    }

    /// A count per operation (mallocs, bytes, hops): the variant's median over its samples in
    /// each run, nil where the run did not count it (so an older baseline gates on time alone).
    static func figure(_ metric: Threshold.Metric, of variant: VariantResult) -> Double? {
        switch metric {
        case .time: variant.summary.median
        case .mallocs: variant.allocationsPerOperation?.mallocs
        case .bytes: variant.allocationsPerOperation?.bytes
        case .hops: variant.hopsPerOperation
        case .enqueues: variant.enqueuesPerOperation
        case .retains: variant.retainsPerOperation?.retains
        }
    }

    /// The count metrics of one variant that grew beyond their allowance.
    static func counts(suite: String, before: VariantResult, after: VariantResult, book: ThresholdBook) -> [Breach] {
        [Threshold.Metric.mallocs, .bytes, .hops, .enqueues, .retains].compactMap { metric in
            guard let old = figure(metric, of: before), let new = figure(metric, of: after) else { return nil }
            let threshold = book.threshold(suite: suite, variant: after.name, metric: metric)
            guard new - old > threshold.allowance(over: old) else { return nil }
            return Breach(
                suite: suite, variant: after.name, metric: metric, baseline: old, current: new, threshold: threshold)
        }
    }
}
