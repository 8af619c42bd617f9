import LabCore

/// Turns a scan's per-value suite results into curves and says what the curves show: where
/// each stops improving, how that compares with the executor width, and how close each comes
/// to its ideal.
public enum ScanAnalysis {
    /// A further improvement smaller than this is "flat": within a shared machine's run-to-run noise.
    static let flat = 0.10

    public static func analyze(
        suite name: String, scan: Scan, values: [Int], results: [SuiteResult], executorWidth: Int
    ) -> ScanResult {
        let variants = results.first?.variants.map(\.name) ?? []
        let series = variants.map { variant in
            ScanResult.Series(
                variant: variant,
                points: zip(values, results).compactMap { value, result in
                    result.variant(variant).map {
                        ScanResult.Point(
                            value: value, median: $0.summary.median, low: $0.summary.medianLow,
                            high: $0.summary.medianHigh, allocationsPerOperation: $0.allocationsPerOperation)
                    }
                })
        }
        let ideal = zip(values, results).compactMap { value, result in
            result.ideal.map { ScanResult.IdealPoint(value: value, seconds: $0.seconds) }
        }
        return ScanResult(
            suite: name, kind: results.first?.kind ?? .pattern, parameter: scan.parameter, values: values,
            bound: scan.bound, series: series, ideal: ideal,
            idealReason: results.last?.ideal?.reason, executorWidth: executorWidth,
            conclusion: conclusion(
                parameter: scan.parameter, bound: scan.bound, series: series, ideal: ideal,
                executorWidth: executorWidth,
                reference: results.first?.reference))
    }

    /// The smallest value after which the median never improves by more than `flat` again;
    /// nil when the curve keeps improving to its last value.
    static func knee(_ points: [ScanResult.Point]) -> ScanResult.Point? {
        guard points.count > 1 else { return nil }
        for (index, point) in points.enumerated() where index < points.count - 1 {
            let later = points[(index + 1)...]
            if later.allSatisfy({ $0.median >= point.median * (1 - flat) }) { return point }
        }
        return nil
    }

    /// The reference of a scan with several variants (one after another) is there to compare
    /// with, not to reach the ideal: its gap to the ideal is not stated.
    static func conclusion(
        parameter: String, bound: Scan.Bound?, series: [ScanResult.Series], ideal: [ScanResult.IdealPoint],
        executorWidth: Int,
        reference: String? = nil
    ) -> String {
        var sentences: [String] = []
        for curve in series {
            guard let first = curve.points.first, let last = curve.points.last, curve.points.count > 1 else { continue }
            var words = "\(curve.variant): "
            if let knee = knee(curve.points) {
                let speedup = first.median / knee.median
                let slowest = curve.points.dropFirst().max { $0.median < $1.median }
                if knee.value == first.value, let slowest, slowest.median > first.median * (1 + flat) {
                    words +=
                        "fastest at \(parameter) = \(first.value); \((slowest.median / first.median).formatted(significantDigits: 3))× as long at \(parameter) = \(slowest.value)"
                } else if knee.value == first.value {
                    words +=
                        "flat from \(parameter) = \(first.value) on (no value beyond it is more than \(Int(flat * 100))% faster)"
                } else {
                    words +=
                        "\(speedup.formatted(significantDigits: 3))× faster at \(parameter) = \(knee.value) than at \(first.value), flat beyond \(knee.value) \(parameter)"
                    if bound == .width || bound == .amdahl {
                        words +=
                            knee.value == executorWidth
                            ? ": the executor width (\(executorWidth))" : " (the executor width is \(executorWidth))"
                    }
                }
                let worst = curve.points.filter { $0.value > knee.value }.max { $0.median < $1.median }
                if knee.value != first.value, let worst, worst.median > knee.median * (1 + flat) {
                    words +=
                        "; slower again at \(parameter) = \(worst.value) (\((worst.median / knee.median).formatted(significantDigits: 3))× its best)"
                }
            } else {
                words +=
                    "still improving at \(parameter) = \(last.value): \((first.median / last.median).formatted(significantDigits: 3))× faster than at \(first.value)"
            }
            let gaps =
                series.count > 1 && curve.variant == reference
                ? []
                : curve.points.compactMap { point in
                    ideal.first { $0.value == point.value }.map { (point.value, point.median / $0.seconds - 1) }
                }
            if let under = gaps.min(by: { $0.1 < $1.1 }), under.1 < -flat {
                words +=
                    "; \(Int((-under.1 * 100).rounded()))% faster than the ideal at \(parameter) = \(under.0): the ideal's model misses something here"
            } else if let worst = gaps.max(by: { $0.1 < $1.1 }) {
                let percent = Int((worst.1 * 100).rounded())
                words +=
                    percent <= Int(flat * 100)
                    ? "; within \(max(percent, 0))% of the ideal at every point"
                    : "; furthest from the ideal at \(parameter) = \(worst.0) (\(percent)% over it)"
            }
            sentences.append(words + ".")
        }
        return sentences.isEmpty ? "Too few values to draw a curve." : sentences.joined(separator: " ")
    }
}
