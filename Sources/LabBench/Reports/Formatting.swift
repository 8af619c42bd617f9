import LabCore

/// Numbers as the reports print them.
enum Format {
    /// A time per operation with its unit: "812 ns", "3.4 µs", "250 ms".
    static func time(_ seconds: Double) -> String { seconds.formattedAsDuration }

    /// "2.41× (2.30–2.52)": a ratio with its interval.
    static func ratio(_ result: VariantResult, reference: String) -> String {
        if result.name == reference { return "reference" }
        return
            "\(result.ratio.formatted(significantDigits: 3))× (\(result.ratioLow.formatted(significantDigits: 3))–\(result.ratioHigh.formatted(significantDigits: 3)))"
    }

    /// "p = 0.0012 ✱" — the p-value, starred when significant at 5% with an interval that leaves
    /// out 1× (`VariantResult.isSignificant`); where only the p-value is, that is said.
    static func significance(_ result: VariantResult, reference: String) -> String {
        if result.name == reference { return "" }
        let p = result.pValue < 0.001 ? "< 0.001" : "p = \(result.pValue.formatted(significantDigits: 2))"
        if result.isSignificant { return "\(p) ✱" }
        return result.pValue < 0.05 ? "\(p) (interval includes 1×)" : "\(p) (n.s.)"
    }

    static func efficiency(_ result: VariantResult) -> String {
        result.efficiency.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    }

    static func medianWithInterval(_ summary: Summary) -> String {
        "\(time(summary.median)) [\(time(summary.medianLow)), \(time(summary.medianHigh))]"
    }

    /// Mallocs per operation: "1", "0.031", "2,050"; "–" where allocations were not counted.
    static func allocations(_ result: VariantResult) -> String {
        result.allocationsPerOperation.map { perOperation($0.mallocs) } ?? "–"
    }

    /// A count per operation: "0", "< 0.01" (a stray allocation over thousands of operations:
    /// another thread's, not the operation's), "4.37", "65,271".
    static func perOperation(_ value: Double) -> String { FigureWords.perOperation(value) }

    /// Bytes requested per operation: "96 B", "1.5 KiB"; "–" where not counted.
    static func allocatedBytes(_ result: VariantResult) -> String {
        guard let bytes = result.allocationsPerOperation?.bytes else { return "–" }
        if bytes < 1024 { return "\(bytes.formatted(significantDigits: 3)) B" }
        if bytes < 1_048_576 { return "\((bytes / 1024).formatted(significantDigits: 3)) KiB" }
        return "\((bytes / 1_048_576).formatted(significantDigits: 3)) MiB"
    }

    /// Retains per operation: "1", "0", "< 0.01"; "–" where not counted.
    static func retains(_ result: VariantResult) -> String {
        result.retainsPerOperation.map { perOperation($0.retains) } ?? "–"
    }

    static func releases(_ result: VariantResult) -> String {
        result.retainsPerOperation.map { perOperation($0.releases) } ?? "–"
    }

    /// Executor switches per operation; "–" where not counted.
    static func hops(_ result: VariantResult) -> String {
        result.hopsPerOperation.map { perOperation($0) } ?? "–"
    }

    /// The lines a report prints for each counter this run did not use: "allocs/op: why", ….
    static func uncounted(_ environment: BenchmarkReport.Environment) -> [String] {
        [
            ("allocs/op", environment.allocationCounting), ("hops/op", environment.hopCounting),
            ("retains/op", environment.retainCounting),
        ].compactMap { label, counting in
            counting.flatMap { $0 == "counted" ? nil : "\(label): \($0)" }
        }
    }

    static func frees(_ result: VariantResult) -> String {
        result.allocationsPerOperation.map { perOperation($0.frees) } ?? "–"
    }
}
