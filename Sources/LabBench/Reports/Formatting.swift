import LabKit

/// Numbers as the reports print them.
enum Format {
    /// A time per operation with its unit: "812 ns", "3.4 µs", "250 ms".
    static func time(_ seconds: Double) -> String { seconds.formattedAsDuration }

    /// "2.41× (2.30–2.52)": a ratio with its interval.
    static func ratio(_ result: VariantResult, reference: String) -> String {
        if result.name == reference { return "reference" }
        return "\(result.ratio.formatted(significantDigits: 3))× (\(result.ratioLow.formatted(significantDigits: 3))–\(result.ratioHigh.formatted(significantDigits: 3)))"
    }

    /// "1.2e-04 *" — the p-value, starred when significant at 5%.
    static func significance(_ result: VariantResult, reference: String) -> String {
        if result.name == reference { return "" }
        let p = result.pValue < 0.001 ? "< 0.001" : "p = \(result.pValue.formatted(significantDigits: 2))"
        return result.isSignificant ? "\(p) ✱" : "\(p) (n.s.)"
    }

    static func efficiency(_ result: VariantResult) -> String {
        result.efficiency.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    }

    static func medianWithInterval(_ summary: Summary) -> String {
        "\(time(summary.median)) [\(time(summary.medianLow)), \(time(summary.medianHigh))]"
    }

    /// "frames dropped" for "frames_dropped", "worst frame" for "worst_frame_seconds".
    static func extraHeader(_ key: String) -> String {
        key.replacingOccurrences(of: "_seconds", with: "").replacingOccurrences(of: "_", with: " ")
    }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\((Double(count) / Double(1 << 20)).formatted(significantDigits: 3)) MiB" : "\(count / 1024) KiB"
    }
}
