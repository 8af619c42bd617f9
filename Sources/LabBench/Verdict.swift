import LabCore

/// The comparative part of a suite's conclusion (the `→` line): which variant was fastest and
/// which were statistically tied with it, then every variant against the reference, each with
/// its own verdict. A tie is said as a tie, never as "1× as long"; no variant is left out.
enum Verdict {
    /// Below this p-value a difference is called significant (as `VariantResult.isSignificant`).
    static let significance = 0.05

    static func sentence(reference: String, variants: [VariantResult]) -> String {
        let ordered = variants.sorted { $0.summary.median < $1.summary.median }
        guard let best = ordered.first else { return "No samples." }
        func times(_ variant: VariantResult) -> [Double] { variant.samples.map(\.secondsPerOperation) }
        func described(_ variant: VariantResult) -> String {
            let ofIdeal = variant.efficiency.map { ", \(Int(($0 * 100).rounded()))% of ideal" } ?? ""
            return "\(variant.name) (\(variant.summary.median.formattedAsDuration)\(ofIdeal))"
        }
        guard ordered.count > 1 else {
            let ofIdeal = best.efficiency.map { ", \(Int(($0 * 100).rounded()))% of ideal" } ?? ""
            return "\(best.name): \(best.summary.median.formattedAsDuration) at the median\(ofIdeal)."
        }
        // The fastest and every variant its samples cannot be told apart from.
        let tied = ordered.dropFirst().filter { Statistics.mannWhitney(times(best), times($0)).p >= significance }
        var sentence =
            tied.isEmpty
            ? "Fastest: \(described(best))."
            : "Fastest, with no significant difference between them: "
                + ([best] + tied).map(described).joined(separator: ", ") + "."
        let compared = ordered.filter { $0.name != reference }.map { variant -> String in
            let p = variant.pValue.formatted(significantDigits: 2)
            guard variant.pValue < significance else {
                return "\(variant.name) does not differ significantly (p = \(p))"
            }
            guard variant.isSignificant else {
                let interval =
                    "\(variant.ratioLow.formatted(significantDigits: 3))–\(variant.ratioHigh.formatted(significantDigits: 3))×"
                return
                    "\(variant.name) is not shown to differ: p = \(p), but the ratio's 95% interval, \(interval), includes 1×"
            }
            return variant.ratio < 1
                ? "\(variant.name) is \(variant.speedup.formattedAsRatio) faster"
                : "\(variant.name) takes \(variant.ratio.formattedAsRatio) as long"
        }
        if !compared.isEmpty {
            sentence += " Against \(reference): " + compared.joined(separator: "; ") + "."
        }
        return sentence
    }
}
