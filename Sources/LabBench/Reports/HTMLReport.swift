import Foundation
import LabCore

/// A self-contained HTML report: inline CSS and SVG, no scripts, no external assets.
/// The markup is also well-formed XML (void elements self-closed), so tests can parse it.
public enum HTMLReport {
    public static func render(_ report: BenchmarkReport) -> String {
        let machine = report.environment.machine
        let escape = SVGCharts.escape
        var body = """
            <header><h1>Concurrency Lab · bench</h1>
            <p class="meta">\(escape(machine.cpuModel)) × \(machine.cpuCount) · executor width \(report.environment.executorWidth) · \(escape(machine.operatingSystem)) · Swift \(escape(machine.swiftVersion)) · \(machine.buildConfiguration) build · \(escape(report.createdAt))\(report.plan.quick ? " · quick run" : "")</p>
            \(report.environment.steadiness.map { "<p class=\"\($0.isSteady ? "meta" : "warning")\">\(escape($0.sentence))</p>" } ?? "")
            <p class="meta">Medians with a 95% confidence interval. Ratios: median ÷ the reference's median, 95% bootstrap interval. Significance: two-sided Mann–Whitney U. Outliers are counted, never removed. \(escape(report.environment.allocationCounting.map { $0 == "counted" ? "Allocations per operation: medians of mallocs and bytes requested, counted by the lab's allocator interposer." : $0 + "." } ?? ""))</p>
            <nav>\(report.suites.map { "<a href=\"#\(anchor($0.name))\">\(escape($0.name))</a>" }.joined(separator: " "))</nav></header>
            """
        for scan in report.scans ?? [] {
            body +=
                "<section id=\"\(anchor("scan " + scan.suite))\"><h2>\(escape(scan.suite)): scan over \(escape(scan.parameter))</h2>"
            body += "<p class=\"conclusion\">\(escape(scan.conclusion))</p>" + scrolling(SVGCharts.scan(scan))
            body +=
                "<p class=\"note\">Executor width \(scan.executorWidth) (measured).\(scan.idealReason.map { " Ideal: " + escape($0) + "." } ?? "") Each value's own table follows.</p></section>"
        }
        for suite in report.suites {
            body +=
                "<section id=\"\(anchor(suite.name))\"><h2>\(escape(suite.name))</h2><p class=\"summary\">\(escape(suite.summary))</p>"
                + lessonLink(suite.name)
            body += "<p class=\"conclusion\">\(escape(suite.conclusion))</p>"
            body += scrolling(SVGCharts.medians(suite))
            let extras = suite.figureNames
            body +=
                "<div class=\"scroll\"><table><thead><tr><th>variant</th><th>\(suite.kind == .primitive ? "per op" : "per run")</th><th>95% CI</th><th>vs \(escape(suite.reference))</th><th>significance</th><th>of ideal</th><th>CPU ÷ wall</th><th>ctx switches</th><th>allocs/op</th><th>bytes/op</th><th>n</th>"
                + extras.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>"
            for variant in suite.variants {
                body +=
                    "<tr><td>\(escape(variant.name))</td><td class=\"num\">\(escape(Format.time(variant.summary.median)))</td><td class=\"num\">\(escape(Format.time(variant.summary.medianLow))) – \(escape(Format.time(variant.summary.medianHigh)))</td><td class=\"num\">\(escape(Format.ratio(variant, reference: suite.reference)))</td><td>\(escape(Format.significance(variant, reference: suite.reference)))</td><td class=\"num\">\(escape(Format.efficiency(variant)))</td><td class=\"num\">\(variant.medianParallelism.formatted(significantDigits: 2))</td><td class=\"num\">\(Int(variant.medianContextSwitches))</td><td class=\"num\">\(escape(Format.allocations(variant)))</td><td class=\"num\">\(escape(Format.allocatedBytes(variant)))</td><td class=\"num\">\(variant.samples.count)</td>"
                    + extras.map { key in
                        "<td class=\"num\">\(escape(variant.figure(key)?.formattedValue ?? "–"))</td>"
                    }.joined() + "</tr>"
            }
            body += "</tbody></table></div>"
            if let ideal = suite.ideal {
                body += "<p class=\"note\">Ideal \(escape(Format.time(ideal.seconds))): \(escape(ideal.reason)).</p>"
            }
            if !suite.timelines.isEmpty {
                body +=
                    "<h3>Task timelines (one traced run each)</h3><p class=\"note\"><span class=\"key suspend\"></span>suspended <span class=\"key cpu\"></span>CPU <span class=\"key block\"></span>blocking <span class=\"key step\"></span>step — hover a bar for its step, isolation and time.</p>"
                for timeline in suite.timelines {
                    body += "<h4>\(escape(timeline.variant))</h4>" + scrolling(SVGCharts.timeline(timeline))
                }
            }
            body += "</section>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en" xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>Concurrency Lab · bench</title>
            <style>\(style)</style></head>
            <body>\(body)<footer>Made by <code>lab bench</code>. Every figure was measured on the machine above; rerun to compare.</footer></body></html>
            """
    }

    /// The lesson page that shows the pattern this suite times (see `SuiteLessons`).
    static func lessonLink(_ suite: String) -> String {
        guard let lesson = SuiteLessons.lesson(ofSuite: suite), let href = SuiteLessons.href(ofSuite: suite) else {
            return ""
        }
        let escape = SVGCharts.escape
        return
            "<p class=\"note\">See it run: <a href=\"\(escape(href))\">the \(escape(lesson)) lesson's page</a> (write the pages with <code>lab pages --out \(SuiteLessons.folder)</code> in this folder).</p>"
    }

    /// A chart or table in a box that scrolls sideways: a table with a suite's own figures is
    /// wider than a card, and a chart scaled down to a phone's card drew its labels 4–5 px tall,
    /// so charts keep a readable least width (`svg.chart`) and scroll under it.
    static func scrolling(_ html: String) -> String {
        "<div class=\"scroll\">" + html + "</div>"
    }

    static func anchor(_ name: String) -> String {
        name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    static let style = """
        :root { --ink:#1f2328; --muted:#656d76; --line:#d0d7de; --card:#ffffff; --bg:#f6f8fa; --accent:#0969da; }
        * { box-sizing: border-box; }
        body { margin:0; padding:32px; background:var(--bg); color:var(--ink); font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif; }
        header, section, footer { max-width: 980px; margin: 0 auto 22px; }
        h1 { margin:0 0 6px; font-size:26px; } h2 { margin:0 0 4px; font-size:20px; } h3 { font-size:15px; margin:18px 0 4px; } h4 { margin:10px 0 2px; font-size:13px; color:var(--muted); }
        .meta, .summary, .note, footer { color:var(--muted); font-size:13px; margin:2px 0; }
        .warning { font-size:13px; margin:8px 0; padding:8px 12px; background:#fff8c5; border-left:4px solid #bf8700; border-radius:4px; }
        nav { margin-top:10px; } nav a { display:inline-block; margin:0 10px 6px 0; color:var(--accent); text-decoration:none; font-size:13px; }
        section { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:20px 24px; }
        .conclusion { font-weight:600; margin:10px 0; padding:8px 12px; background:#ddf4ff; border-left:4px solid var(--accent); border-radius:4px; }
        table { border-collapse:collapse; width:100%; font-size:13px; margin-top:10px; }
        th, td { padding:5px 6px; border-bottom:1px solid var(--line); text-align:left; white-space:nowrap; } th { color:var(--muted); font-weight:600; }
        td.num { text-align:right; font-variant-numeric: tabular-nums; }
        .scroll { overflow-x:auto; }
        svg.chart { width:100%; min-width:640px; height:auto; display:block; margin-top:6px; }
        .grid { stroke:#eaeef2; } .tick { font-size:11px; fill:var(--muted); } .label { font-size:12px; fill:var(--ink); } .lane { font-size:10.5px; fill:var(--muted); }
        .whisker { stroke:#1f2328; stroke-width:1.4; } .ideal { stroke:#1a7f37; stroke-width:1.5; stroke-dasharray:5 4; } .ideal-label { fill:#1a7f37; }
        .key { display:inline-block; width:12px; height:10px; border-radius:2px; margin:0 4px 0 10px; vertical-align:middle; }
        @media (max-width:640px) { body { padding:10px; } section { padding:12px; } }
        .key.suspend { background:#4e79a7; opacity:.55; } .key.cpu { background:#f28e2b; } .key.block { background:#e15759; } .key.step { background:#9c9c9c; }
        """
}
