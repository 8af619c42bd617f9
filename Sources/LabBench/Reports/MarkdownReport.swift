import LabCore

/// GitHub-ready Markdown: a table per suite and its conclusion.
public enum MarkdownReport {
    public static func render(_ report: BenchmarkReport) -> String {
        let machine = report.environment.machine
        var lines =
            [
                "# lab bench results", "",
                "\(machine.cpuModel) × \(machine.cpuCount) · executor width \(report.environment.executorWidth) · \(machine.operatingSystem) · Swift \(machine.swiftVersion) · \(machine.buildConfiguration) build · \(report.createdAt)",
                "",
            ] + (report.environment.steadiness.map { ["> " + $0.sentence, ""] } ?? []) + [
                "Medians with a 95% confidence interval; ratios are median ÷ the reference's median with a 95% bootstrap interval; significance is a two-sided Mann–Whitney U test. Allocations per operation are medians over the samples: "
                    + (report.environment.allocationCounting.map {
                        $0 == "counted"
                            ? "mallocs, frees and bytes requested, counted by the lab's allocator interposer."
                            : $0 + "."
                    } ?? "not recorded in this results file.") + " " + countersSentence(report.environment), "",
            ]
        for scan in report.scans ?? [] { lines += ScanReport.markdown(scan) }
        for suite in report.suites {
            lines.append("## \(suite.name)")
            lines.append("")
            lines.append(suite.summary)
            lines.append("")
            let extras = suite.figureNames
            lines.append(
                "| variant | \(suite.kind == .primitive ? "per op" : "per run") (median) | 95% CI | vs \(suite.reference) | significance | of ideal | CPU ÷ wall | allocs/op | frees/op | bytes/op | hops/op | retains/op | releases/op | samples |"
                    + extras.map { " \($0) |" }.joined())
            lines.append(
                "|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
                    + String(repeating: "---:|", count: extras.count))
            for variant in suite.variants {
                lines.append(
                    "| \(variant.name) | \(Format.time(variant.summary.median)) | \(Format.time(variant.summary.medianLow)) – \(Format.time(variant.summary.medianHigh)) | \(Format.ratio(variant, reference: suite.reference)) | \(Format.significance(variant, reference: suite.reference)) | \(Format.efficiency(variant)) | \(variant.medianParallelism.formatted(significantDigits: 2)) | \(Format.allocations(variant)) | \(Format.frees(variant)) | \(Format.allocatedBytes(variant)) | \(Format.hops(variant)) | \(Format.retains(variant)) | \(Format.releases(variant)) | \(variant.samples.count) |"
                        + extras.map { name in " \(variant.figure(name)?.formattedValue ?? "–") |" }.joined())
            }
            lines.append("")
            if let ideal = suite.ideal {
                lines.append("Ideal: \(Format.time(ideal.seconds)) — \(ideal.reason).")
                lines.append("")
            }
            lines.append("**\(suite.conclusion)**")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// What the hop and retain columns hold: counted, why not, or absent from an older file.
    static func countersSentence(_ environment: BenchmarkReport.Environment) -> String {
        if environment.hopCounting == nil && environment.retainCounting == nil {
            return "Executor switches and retains per operation: not recorded in this results file."
        }
        let uncounted = Format.uncounted(environment).filter { !$0.hasPrefix("allocs/op") }
        return uncounted.isEmpty
            ? "Executor switches (hops/op) and strong retains and releases per operation: medians, counted by the lab's interposers of the Swift runtime's entry points."
            : uncounted.joined(separator: "; ") + "."
    }
}
