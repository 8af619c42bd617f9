import LabCore
import LabTrace

/// The timeline page's stylesheet and legend. Labels in the SVG use a monospaced font, so the
/// layout knows their widths (`TimelineText`) and can keep them apart.
public enum HTMLPageStyle {
    static let legend: String = {
        let places = ExecutionPlace.allCases.map { place in
            """
            <span class="key"><svg width="34" height="14" aria-hidden="true"><rect width="34" height="14" fill="\(place.colour)"/>\
            <rect width="34" height="14" fill="url(#\(place.patternID))"/><text x="3" y="7" class="bar-letter" style="fill:\(place.inkOnColour)">\(place.letter)</text></svg>\
            \(place.title)</span>
            """
        }.joined()
        return """
            <div class="legend"><p><strong>Bars</strong> — where the step ran (colour, pattern and letter): \(places)</p>\
            <p><strong>Kinds</strong> — <span class="key"><svg width="34" height="14" aria-hidden="true"><rect class="fill" width="34" height="14" fill="#0072B2" fill-opacity=".3" stroke="#0072B2" stroke-dasharray="3 2"/></svg>pale, dashed: suspended (no thread held)</span>\
            <span class="key"><svg width="34" height="14" aria-hidden="true"><rect width="34" height="14" fill="#E69F00" stroke="#000" stroke-width="3"/></svg>thick border: blocking (holds its thread)</span></p>\
            <p><strong>Marks</strong> — <span class="key">▾ suspended</span><span class="key">▴ resumed (on another thread, where the hover says so)</span>\
            <span class="key">◆ an instant (e.g. cancel() called)</span><span class="key">⊘ cancelled</span><span class="key">✗ failed</span><span class="key">■ never ended (its process was stopped)</span>\
            <span class="key">“·high” after a task's name: its priority, where the run's tasks differ</span></p>\
            <p>Hover a bar or a mark for its name, start, duration and where it ran; the table under each timeline lists every step.</p></div>
            """
    }()

    public static let css = """
        :root { --ink:#1f2328; --muted:#57606a; --line:#d0d7de; --card:#fff; --bg:#f6f8fa; --accent:#0969da; }
        * { box-sizing:border-box; }
        body { margin:0; padding:24px; background:var(--bg); color:var(--ink); font:15px/1.5 -apple-system,"Segoe UI","DejaVu Sans",Helvetica,Arial,sans-serif; }
        header, section, footer { max-width:1208px; margin:0 auto 20px; }
        section { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:16px 22px; }
        h1 { margin:0 0 6px; font-size:26px; } h2 { margin:0 0 8px; font-size:20px; } h3 { font-size:15px; margin:16px 0 4px; }
        .count, .meta, .note, footer { color:var(--muted); font-size:13px; font-weight:normal; }
        p { margin:6px 0; max-width:80em; }
        h1, h2, h3, p, li { overflow-wrap:break-word; }
        nav a { display:inline-block; margin:0 12px 4px 0; color:var(--accent); font-size:14px; }
        .failure { font-weight:600; padding:6px 10px; background:#ffebe9; border-left:4px solid #cf222e; }
        .legend { font-size:13px; background:var(--card); border:1px solid var(--line); border-radius:8px; padding:6px 12px; margin-top:10px; }
        .legend p { margin:3px 0; } .key { display:inline-block; margin:0 14px 2px 0; white-space:nowrap; }
        .key svg { vertical-align:middle; margin-right:5px; }
        table { border-collapse:collapse; font-size:13px; margin-top:6px; }
        th, td { padding:3px 8px; border-bottom:1px solid var(--line); text-align:left; vertical-align:top; }
        table.facts th { font-weight:normal; color:var(--muted); } .num { text-align:right; font-variant-numeric:tabular-nums; white-space:nowrap; }
        table.steps { width:100%; }
        .scroll { overflow-x:auto; }
        svg.timeline { display:block; max-width:100%; height:auto; }
        svg text { font-family:"DejaVu Sans Mono",Menlo,Consolas,ui-monospace,monospace; font-size:12px; dominant-baseline:central; fill:var(--ink); }
        svg text.tick { font-size:11px; fill:var(--muted); text-anchor:start; }
        svg text.bar-letter { font-size:10px; font-weight:bold; fill:#000; pointer-events:none; }
        svg text.outcome { font-family:"DejaVu Sans",sans-serif; font-size:13px; font-weight:bold; fill:#b31d28; }
        .zebra { fill:#f3f5f7; } .grid { stroke:#e1e6eb; stroke-width:1; }
        .bar rect { stroke:rgba(0,0,0,.55); stroke-width:.6; }
        .bar.suspending rect.fill { fill-opacity:.3; stroke-dasharray:3 2; }
        .bar.blocking rect.fill { stroke:#000; stroke-width:2.2; }
        .bar:hover rect { stroke:#000; stroke-width:2.5; }
        .mark path { fill:#1f2328; stroke:#1f2328; stroke-width:1.2; }
        .mark.began path, .mark.ended path { stroke-width:2; }
        .mark.instant path { fill:#fff; stroke-width:1.6; }
        .frames path { stroke:#0072B2; stroke-width:1.2; }
        details.steps { margin-top:10px; } summary { cursor:pointer; color:var(--accent); }
        .closing ul { margin:0; padding-left:20px; }
        code { font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace; font-size:.9em; background:#eff1f3; padding:0 3px; border-radius:3px; }
        div.shown { overflow-x:auto; background:#f6f8fa; border-radius:4px; margin:.6em 0; }
        div.shown pre { font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace; font-size:.85em; padding:6px 10px; margin:0; white-space:pre; }
        @media (max-width:640px) {
          body { padding:10px; } section { padding:12px; }
          .key { white-space:normal; }
        }
        @media print {
          body { background:#fff; padding:0; } section { border:none; break-inside:auto; }
          .scroll { overflow:visible; break-inside:avoid; } svg.timeline { width:100%; height:auto; }
          h3 { break-after:avoid; }
          details.steps::details-content { content-visibility:visible; display:block; }
          * { -webkit-print-color-adjust:exact; print-color-adjust:exact; }
        }
        """
}
