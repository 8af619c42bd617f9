/// `percentiles.csv`: each variant's distribution of time per operation, one row per
/// percentile (0, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 100), over its samples —
/// columns `suite, kind, variant, percentile, seconds_per_operation, samples`. A sample is many
/// operations, so these are percentiles of per-sample means, not of single operations;
/// beyond about 1 / samples the tail is the sample maximum.
public enum PercentileExport {
    public static let percentiles: [Double] = [0, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 100]
    public static let columns = ["suite", "kind", "variant", "percentile", "seconds_per_operation", "samples"]

    public static func render(_ report: BenchmarkReport) -> String {
        var rows = [columns.joined(separator: ",")]
        for suite in report.suites {
            for variant in suite.variants {
                let sorted = variant.samples.map(\.secondsPerOperation).sorted()
                for percentile in percentiles {
                    rows.append(
                        [
                            CSVReport.quote(suite.name), suite.kind.rawValue, CSVReport.quote(variant.name),
                            "\(percentile)", "\(Statistics.quantile(sorted, percentile / 100))", "\(sorted.count)",
                        ].joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
