import LabConsole
import LabCore

/// A table per suite and one sentence of conclusion, for the terminal.
public enum TerminalReport {
    public static func render(_ report: BenchmarkReport, terminal: Terminal) -> String {
        var lines: [String] = []
        let environment = report.environment
        lines.append(
            terminal.paint("lab bench", .bold)
                + " — \(environment.machine.cpuModel) × \(environment.machine.cpuCount), executor width \(environment.executorWidth), Swift \(environment.machine.swiftVersion), \(environment.machine.buildConfiguration) build"
        )
        for line in Format.uncounted(environment) {
            lines.append(terminal.paint(("  " + line).wrapped(to: terminal.width, indent: "  "), .dim))
        }
        if let steadiness = environment.steadiness {
            lines.append(
                terminal.paint(
                    steadiness.sentence.wrapped(to: terminal.width, indent: "  "), steadiness.isSteady ? .dim : .yellow)
            )
        }
        for scan in report.scans ?? [] {
            lines.append("")
            lines.append(ScanReport.terminal(scan, terminal: terminal))
        }
        // A scan's points are in the other formats, each with its own table; here the curve says it.
        for suite in report.suites where report.scans == nil {
            lines.append("")
            lines.append(terminal.paint(suite.name, .bold + .underline) + terminal.paint("  \(suite.summary)", .dim))
            let extras = suite.figureNames
            let spread = suite.variants.contains { $0.processMedians != nil }
            // Retains and hops where this run counted them (`lab bench` does; a program without
            // the counters shows neither column).
            let counted = suite.variants.contains { $0.retainsPerOperation != nil || $0.hopsPerOperation != nil }
            let countColumns = counted ? ["hops/op", "retains/op"] : []
            var table = Table(
                headers: [
                    "variant", suite.kind == .primitive ? "per op [95% CI]" : "per run [95% CI]",
                    "vs \(suite.reference)", "significance", "ideal", "CPU÷wall", "allocs/op",
                ]
                    + countColumns + ["n"]
                    + extras
                    + (spread ? ["process medians"] : []),
                rightAligned: Set(
                    [1, 4, 5, 6] + (7...(7 + countColumns.count)).map { $0 }
                        + extras.indices.map { $0 + 8 + countColumns.count }))
            for variant in suite.variants {
                table.append(
                    [
                        variant.name, Format.medianWithInterval(variant.summary),
                        Format.ratio(variant, reference: suite.reference),
                        Format.significance(variant, reference: suite.reference), Format.efficiency(variant),
                        variant.medianParallelism.formatted(significantDigits: 2), Format.allocations(variant),
                    ]
                        + (counted ? [Format.hops(variant), Format.retains(variant)] : [])
                        + ["\(variant.samples.count)"]
                        + extras.map { name in variant.figure(name)?.formattedValue ?? "–" }
                        + (spread
                            ? [
                                variant.processMedians.map { medians in
                                    "\(Format.time(medians.min() ?? 0))–\(Format.time(medians.max() ?? 0)) (±\(Int(((variant.processSpread ?? 0) * 50).rounded()))%)"
                                } ?? "–"
                            ] : []))
            }
            lines.append(table.render(on: terminal))
            if let ideal = suite.ideal {
                lines.append(terminal.paint("  ideal: \(Format.time(ideal.seconds)) — \(ideal.reason)", .dim))
            }
            let outliers = suite.variants.map { $0.summary.lowOutliers + $0.summary.highOutliers }.reduce(0, +)
            if outliers > 0 {
                lines.append(
                    terminal.paint(
                        "  \(outliers) outlying samples (Tukey fences) are included in the statistics, not hidden.",
                        .dim))
            }
            lines.append(("→ " + suite.conclusion).wrapped(to: terminal.width, indent: "  "))
        }
        return lines.joined(separator: "\n")
    }

    public static func render(_ comparison: Comparison, terminal: Terminal) -> String {
        var table = Table(
            headers: ["suite", "variant", "baseline", "now", "change", "p", "verdict"], rightAligned: [2, 3, 4, 5])
        for change in comparison.changes {
            let verdict: String
            switch change.verdict {
            case .regression: verdict = terminal.paint("slower", .red)
            case .improvement: verdict = terminal.paint("faster", .green)
            case .unchanged: verdict = "no change"
            }
            // Names read from a results file, which anyone can edit: inert before a terminal shows them.
            table.append([
                InertText.line(change.suite), InertText.line(change.variant), Format.time(change.baselineMedian),
                Format.time(change.currentMedian),
                "\(change.change >= 0 ? "+" : "")\((change.change * 100).formatted(significantDigits: 3))%",
                change.pValue.formatted(significantDigits: 2), verdict,
            ])
        }
        let status = comparison.exitStatus
        // The percent every compared variant was held to, or the range where they differ.
        let percents =
            comparison.timePercents.isEmpty ? [comparison.thresholdPercent] : comparison.timePercents.sorted()
        let beyond =
            percents.count == 1
            ? "\(percents[0].formatted(significantDigits: 3))%"
            : "each variant's time threshold (\(percents[0].formatted(significantDigits: 3))% to \(percents[percents.count - 1].formatted(significantDigits: 3))%)"
        let verdict =
            status == 1
            ? "\(comparison.breaches.count) metric\(comparison.breaches.count == 1 ? "" : "s") beyond \(comparison.breaches.count == 1 ? "its" : "their") threshold (exit 1):"
            : status == 3
                ? "only improvements beyond \(beyond) (exit 3)"
                : "no significant change beyond \(beyond) (exit 0)"
        var text = table.render(on: terminal) + "\n  " + verdict
        if let note = comparison.machineNote {
            text += "\n" + terminal.paint(note.wrapped(to: terminal.width, indent: "  "), .yellow)
        }
        return text
    }
}
