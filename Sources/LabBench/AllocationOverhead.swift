import LabCore

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
                BenchmarkSuite(
                    name: "\(suite.name): \(variant.name)", kind: .primitive,
                    summary: "the same operation, allocations counted or not", reference: notCounted,
                    variants: [
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

    /// "Counting allocations changed …": the median of the variants' ratios, and every
    /// significant one with its interval (an operation under a nanosecond is left out: its
    /// ratio is a ratio of timer noise).
    public static func verdict(_ report: BenchmarkReport) -> String? {
        let measured = report.suites.compactMap { suite -> (name: String, result: VariantResult)? in
            guard let on = suite.variant(counted), let off = suite.variant(notCounted), off.summary.median >= 1e-9
            else { return nil }
            return (suite.name, on)
        }
        guard !measured.isEmpty else { return nil }
        func percent(_ ratio: Double) -> String {
            "\(ratio >= 1 ? "+" : "")\(((ratio - 1) * 100).formatted(significantDigits: 2))%"
        }
        let median = Statistics.quantile(measured.map(\.result.ratio).sorted(), 0.5)
        var sentence =
            "Counting allocations changed the time per operation by \(percent(median)) at the median of \(measured.count) primitives"
        let significant = measured.filter { $0.result.isSignificant }.sorted { $0.result.ratio > $1.result.ratio }
        if significant.isEmpty {
            sentence += "; no difference was significant."
        } else {
            sentence +=
                "; significant: "
                + significant.map {
                    "\($0.name) \(percent($0.result.ratio)) (\(percent($0.result.ratioLow)) to \(percent($0.result.ratioHigh)))"
                }
                .joined(separator: ", ") + "."
        }
        if let largest = measured.max(by: { $0.result.ratio < $1.result.ratio }), !largest.result.isSignificant,
            largest.result.ratio > 1
        {
            sentence +=
                " The largest change, \(percent(largest.result.ratio)) for \(largest.name), is not significant (p = \(largest.result.pValue.formatted(significantDigits: 2)))."
        }
        return sentence
    }
}
