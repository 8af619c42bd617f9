import Foundation
import LabConsole
import LabCore

/// A scan's curve in words and characters: a compact table (a row per value, a column per
/// variant, the ideal beside), a sparkline per variant, and the conclusion.
enum ScanReport {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One character per value, its height the time as a share of `maximum` (the slowest
    /// point of the whole scan, so the curves and the ideal share one scale).
    static func sparkline(_ medians: [Double], maximum: Double) -> String {
        guard maximum > 0 else { return String(repeating: "▁", count: medians.count) }
        return String(
            medians.map { blocks[max(0, min(blocks.count - 1, Int(($0 / maximum) * Double(blocks.count) - 0.5)))] })
    }

    static func maximum(_ scan: ScanResult) -> Double {
        (scan.series.flatMap { $0.points.map(\.median) } + scan.ideal.map(\.seconds)).max() ?? 0
    }

    static func point(_ scan: ScanResult, _ series: ScanResult.Series, _ value: Int) -> ScanResult.Point? {
        series.points.first { $0.value == value }
    }

    /// Whether any point allocated (more than a stray allocation per hundred operations):
    /// columns of "< 0.01" say nothing and crowd the table.
    static func allocates(_ scan: ScanResult) -> Bool {
        scan.series.contains { $0.points.contains { ($0.allocationsPerOperation?.mallocs ?? 0) >= 0.01 } }
    }

    static func terminal(_ scan: ScanResult, terminal: Terminal) -> String {
        var lines = [terminal.paint("\(scan.suite) — scan over \(scan.parameter)", .bold + .underline)]
        let allocations = allocates(scan)
        var table = Table(
            headers: [scan.parameter] + scan.series.map { "\($0.variant) [95% CI]" }
                + (scan.ideal.isEmpty ? [] : ["ideal"])
                + (allocations ? scan.series.map { "\($0.variant) allocs/op" } : []),
            rightAligned: Set(0...(1 + 2 * scan.series.count)))
        for value in scan.values {
            table.append(
                ["\(value)"]
                    + scan.series.map { series in
                        point(scan, series, value).map {
                            "\(Format.time($0.median)) [\(Format.time($0.low)), \(Format.time($0.high))]"
                        } ?? "–"
                    } + (scan.ideal.isEmpty ? [] : [scan.ideal(at: value).map(Format.time) ?? "–"])
                    + (allocations
                        ? scan.series.map { series in
                            point(scan, series, value)?.allocationsPerOperation.map { Format.perOperation($0.mallocs) }
                                ?? "–"
                        } : []))
        }
        lines.append(table.render(on: terminal))
        if !allocations && scan.series.contains(where: { $0.points.contains { $0.allocationsPerOperation != nil } }) {
            lines.append(terminal.paint("  allocs/op: under 0.01 at every point", .dim))
        }
        let nameWidth = scan.series.map(\.variant.count).max() ?? 0
        for series in scan.series {
            lines.append(
                "  " + series.variant.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                    + sparkline(series.points.map(\.median), maximum: maximum(scan))
                    + terminal.paint(
                        "  time per \(scan.kind == .primitive ? "operation" : "run"), \(scan.parameter) = \(scan.values.map(String.init).joined(separator: ", "))",
                        .dim))
        }
        if !scan.ideal.isEmpty {
            lines.append(
                "  " + "ideal".padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                    + sparkline(scan.ideal.map(\.seconds), maximum: maximum(scan))
                    + terminal.paint("  " + (scan.idealReason ?? ""), .dim))
        }
        lines.append(
            terminal.paint(
                "  executor width \(scan.executorWidth) (measured); each sparkline character is the time as a share of the slowest point: █ the slowest, ▁ an eighth or less",
                .dim))
        lines.append(("→ " + scan.conclusion).wrapped(to: terminal.width, indent: "  "))
        return lines.joined(separator: "\n")
    }

    static func markdown(_ scan: ScanResult) -> [String] {
        var lines = [
            "## \(scan.suite): scan over \(scan.parameter)", "",
            "| \(scan.parameter) |" + scan.series.map { " \($0.variant) (median) | 95% CI |" }.joined()
                + (scan.ideal.isEmpty ? "" : " ideal |")
                + scan.series.map { " \($0.variant) allocs/op |" }.joined(),
            "|---:|" + String(repeating: "---:|---|", count: scan.series.count) + (scan.ideal.isEmpty ? "" : "---:|")
                + String(repeating: "---:|", count: scan.series.count),
        ]
        for value in scan.values {
            lines.append(
                "| \(value) |"
                    + scan.series.map { series in
                        point(scan, series, value).map {
                            " \(Format.time($0.median)) | \(Format.time($0.low)) – \(Format.time($0.high)) |"
                        } ?? " – | – |"
                    }.joined() + (scan.ideal.isEmpty ? "" : " \(scan.ideal(at: value).map(Format.time) ?? "–") |")
                    + scan.series.map { series in
                        " \(point(scan, series, value)?.allocationsPerOperation.map { Format.perOperation($0.mallocs) } ?? "–") |"
                    }.joined())
        }
        lines.append("")
        for series in scan.series {
            lines.append("- `\(sparkline(series.points.map(\.median), maximum: maximum(scan)))` \(series.variant)")
        }
        if !scan.ideal.isEmpty {
            lines.append(
                "- `\(sparkline(scan.ideal.map(\.seconds), maximum: maximum(scan)))` ideal: \(scan.idealReason ?? "")")
        }
        lines += ["", "Executor width \(scan.executorWidth) (measured). **\(scan.conclusion)**", ""]
        return lines
    }

    static let csvColumns = [
        "suite", "parameter", "value", "variant", "median_seconds", "median_low_seconds", "median_high_seconds",
        "ideal_seconds",
        "mallocs_per_operation", "executor_width",
    ]

    static func csv(_ scans: [ScanResult]) -> String {
        var rows = [csvColumns.joined(separator: ",")]
        for scan in scans {
            for series in scan.series {
                for point in series.points {
                    let ideal = scan.ideal(at: point.value).map { "\($0)" } ?? ""
                    let cells = [
                        CSVReport.quote(scan.suite), CSVReport.quote(scan.parameter), "\(point.value)",
                        CSVReport.quote(series.variant),
                        "\(point.median)", "\(point.low)", "\(point.high)", ideal,
                        point.allocationsPerOperation.map { "\($0.mallocs)" } ?? "", "\(scan.executorWidth)",
                    ]
                    rows.append(cells.joined(separator: ","))
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
