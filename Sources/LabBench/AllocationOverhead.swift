import LabKit

/// What counting allocations costs in time: every variant of the primitive suites, measured
/// with counting on and with it off (the interposer then only forwards), interleaved in one
/// schedule like any suite, so the machine's drift hits both alike. `lab bench
/// --allocation-overhead` reports one small suite per variant; its ratio is the overhead.
public enum AllocationOverhead {
    public static let counted = "counting on"
    public static let notCounted = "counting off"

    /// One suite per primitive variant: the variant with counting on, and off (the reference).
    public static func suites(from suites: [BenchmarkSuite]) -> [BenchmarkSuite] {
        suites.filter { $0.kind == .primitive }.flatMap { suite in
            suite.variants.map { variant in
                BenchmarkSuite(name: "\(suite.name): \(variant.name)", kind: .primitive,
                               summary: "the same operation, allocations counted or not", reference: notCounted, variants: [
                    BenchmarkVariant(counted, run: variant.run),
                    BenchmarkVariant(notCounted) { iterations in
                        AllocationCounter.setCounting(false)
                        await variant.run(iterations)
                        AllocationCounter.setCounting(true)
                    },
                ])
            }
        }
    }

    /// "Counting allocations cost …": the median and the largest of the variants' ratios.
    public static func verdict(_ report: BenchmarkReport) -> String? {
        let ratios = report.suites.compactMap { $0.variant(counted)?.ratio }.sorted()
        guard let largest = ratios.last else { return nil }
        let median = Statistics.quantile(ratios, 0.5)
        func percent(_ ratio: Double) -> String { "\(ratio >= 1 ? "+" : "")\(((ratio - 1) * 100).formatted(significantDigits: 2))%" }
        let worst = report.suites.first { $0.variant(counted)?.ratio == largest }?.name ?? ""
        return "Counting allocations changed the time per operation by \(percent(median)) at the median of \(ratios.count) primitives; the most, \(percent(largest)), for \(worst)."
    }
}
