import Foundation
import LabCore
import LabProcesses

/// A headless Chromium (or Chrome) found on this machine, to load the lab's pages as a reader
/// would, and a small script injected into a copy of a page that measures what the browser
/// drew and writes the result into the DOM, where `--dump-dom` prints it.
enum HeadlessChromium {
    static let path: String? = {
        let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return [
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ].first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Load {
        /// What the check script found, as JSON.
        let check: [String: Any]
        /// Lines the page wrote to the browser's console (a script error shows there).
        let consoleLines: [String]
    }

    /// Loads a copy of the page with the check script and returns what it measured.
    /// `width`: the page's viewport, in CSS pixels (a projector's 1024, a phone's 390).
    static func load(page: URL, width: Int = 1280) async throws -> Load {
        try await load(page: page, widths: [width])[0]
    }

    /// Loads the page once per width, all in one browser (a start of Chromium costs about 0.8 s
    /// of CPU, more than most pages' checks), and returns what each measured, in the widths'
    /// order. Chromium's headless window is at least 500 wide, so each width is a frame of its
    /// own in a page that copies the frames' results out to where `--dump-dom` prints them.
    /// Each frame loads a copy of its own, so a console line names the width that wrote it.
    static func load(page: URL, widths: [Int]) async throws -> [Load] {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let html = try String(contentsOf: page, encoding: .utf8)
        let folder = page.deletingLastPathComponent()
        let probes = widths.indices.map { folder.appendingPathComponent("checked-\($0)-\(page.lastPathComponent)") }
        defer { for probe in probes { try? FileManager.default.removeItem(at: probe) } }
        for probe in probes {
            try Data(html.replacingOccurrences(of: "</body>", with: "<script>\(checkScript)</script></body>").utf8)
                .write(to: probe)
        }
        let frames = zip(widths, probes).enumerated().map { index, frame in
            """
            <iframe id="page-\(index)" loading="eager" src="\(frame.1.lastPathComponent)" \
            style="display:block;width:\(frame.0)px;height:900px;border:0"></iframe>
            """
        }
        let frame = folder.appendingPathComponent("framed-\(page.lastPathComponent)")
        try Data(
            """
            <!DOCTYPE html><html><body style="margin:0">\(frames.joined())<script>
            document.querySelectorAll('iframe').forEach((frame, index) => frame.addEventListener('load', () => {
              const found = frame.contentDocument.getElementById('lab-check');
              const pre = document.createElement('pre');
              pre.id = 'lab-check-' + index;
              pre.textContent = found ? found.textContent : '{}';
              document.body.appendChild(pre);
            }));
            </script></body></html>
            """.utf8
        ).write(to: frame)
        defer { try? FileManager.default.removeItem(at: frame) }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("lab-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        // Root (a container, CI) cannot use Chromium's sandbox.
        let sandbox = getuid() == 0 ? ["--no-sandbox"] : []
        // Awaited: the suspending overload, so no thread of the pool is held while it runs.
        func dump() async throws -> ProcessCapture {
            try await ProcessCapture.run(
                URL(fileURLWithPath: path),
                sandbox + [
                    "--headless", "--disable-gpu", "--hide-scrollbars",
                    "--window-size=\(max(widths.max() ?? 0, 500) + 20),900",
                    // The frame's page is another file: reading its DOM needs file access between files.
                    "--allow-file-access-from-files", "--user-data-dir=\(profile.path)", "--enable-logging=stderr",
                    "--v=0", "--dump-dom", frame.absoluteString,
                ], timeout: 120)
        }
        // Once more when a frame's result is missing from the dump: in CI's one-CPU lane (the suite
        // beside every lesson), Chromium once dumped the DOM with no frame's result in it, its log
        // holding only its usual D-Bus complaints; the page itself is what the tests judge.
        var result = try await dump()
        if probes.indices.contains(where: { !result.standardOutput.contains("<pre id=\"lab-check-\($0)\">") }) {
            result = try await dump()
        }
        let console = result.standardError.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") }
        // The lines that name a frame's copy (all of them, unless a page logs from elsewhere).
        let named = Set(console.filter { line in probes.contains { line.contains($0.lastPathComponent) } })
        return try probes.indices.map { index in
            let opening = "<pre id=\"lab-check-\(index)\">"
            guard let start = result.standardOutput.range(of: opening),
                let end = result.standardOutput.range(
                    of: "</pre>", range: start.upperBound..<result.standardOutput.endIndex)
            else {
                throw CocoaError(
                    .fileReadCorruptFile,
                    userInfo: [
                        NSLocalizedDescriptionKey:
                            "no check result in the DOM for width \(widths[index]): \(result.standardError.suffix(2000))"
                    ])
            }
            let json = String(result.standardOutput[start.upperBound..<end.lowerBound])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let check = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
            // A line that names no frame's copy (none should) is every width's, so it is never lost.
            let own = probes[index].lastPathComponent
            return Load(
                check: check,
                consoleLines: console.filter { $0.contains(own) || !named.contains($0) })
        }
    }

    /// For each timeline: its lanes (and the count it declares), bars drawn out of the trace's
    /// order, each ⊘ and whether it sits after the end of the step it marks, and every pair of
    /// texts whose drawn boxes overlap. For the page, with every `<details>` opened as a reader
    /// would: how wide it is drawn against its viewport and what sticks out of it, or out of its
    /// card (a `section`), outside a scrolling box (`wide`), and text whose colour on its background is under WCAG's 4.5:1
    /// (`lowContrast`; 3:1 for large text); the height of the smallest label drawn in an SVG.
    static let checkScript = """
        (function () {
          const out = { views: [], viewport: innerWidth, wide: [], lowContrast: [] };
          const overlaps = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          for (const svg of document.querySelectorAll('svg.timeline')) {
            const lanes = [...svg.querySelectorAll(':scope > g.lane')];
            const view = { kind: svg.classList.contains('tasks') ? 'tasks' : 'threads', lanes: lanes.length,
              declared: Number(svg.dataset.lanes), laneTops: [], outOfOrder: 0, cancelled: 0, cancelMisplaced: 0, overlaps: [] };
            for (const lane of lanes) {
              const bars = [...lane.querySelectorAll('g.bar')];
              const sorted = bars.slice().sort((a, b) => Number(a.dataset.start) - Number(b.dataset.start));
              for (let i = 1; i < sorted.length; i++) {
                if (sorted[i].getBoundingClientRect().left + 0.5 < sorted[i - 1].getBoundingClientRect().left) view.outOfOrder++;
              }
              const title = lane.querySelector('text.lane-title');
              view.laneTops.push(title ? title.getBoundingClientRect().top : -1);
              for (const mark of lane.querySelectorAll('g.mark.cancelled')) {
                view.cancelled++;
                const glyph = mark.querySelector('text');
                const box = glyph.getBoundingClientRect();
                let misplaced = glyph.textContent !== '⊘' || box.width === 0;
                const bar = bars.find(b => b.dataset.end === mark.dataset.time);
                if (bar) { const rect = bar.querySelector('rect').getBoundingClientRect(); if (box.left < rect.right - 2.5) misplaced = true; }
                if (misplaced) view.cancelMisplaced++;
              }
            }
            const texts = [...svg.querySelectorAll('text')].filter(t => t.getBoundingClientRect().width > 0);
            const boxes = texts.map(t => t.getBoundingClientRect());
            for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
              if (overlaps(boxes[i], boxes[j]) && view.overlaps.length < 5) view.overlaps.push(texts[i].textContent + ' / ' + texts[j].textContent);
            }
            out.views.push(view);
          }
          document.querySelectorAll('details').forEach(d => { d.open = true; });
          out.pageWidth = document.documentElement.scrollWidth;
          const scrolls = e => { for (let p = e.parentElement; p; p = p.parentElement) {
            const x = getComputedStyle(p).overflowX; if (x === 'auto' || x === 'scroll') return true; } return false; };
          // The right edge an element must keep within: the window's, or its card's (a section).
          const edge = e => { const card = e.closest('section'); return card ? Math.min(innerWidth, card.getBoundingClientRect().right) : innerWidth; };
          const sticksOut = e => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > edge(e) + 1 && !scrolls(e);
          for (const e of document.body.querySelectorAll('*')) {
            if (sticksOut(e) && !(e.parentElement !== document.body && sticksOut(e.parentElement)) && out.wide.length < 5)
              out.wide.push(e.tagName + ' ' + Math.round(e.getBoundingClientRect().right) + ': ' + e.textContent.slice(0, 40));
          }
          // A word too long for its line runs out of its box, which itself stays inside.
          const words = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let text; (text = words.nextNode());) {
            const range = document.createRange();
            range.selectNodeContents(text);
            const right = Math.max(0, ...[...range.getClientRects()].map(r => r.right));
            if (right > edge(text.parentElement) + 1 && !scrolls(text.parentElement) && !text.parentElement.closest('svg') && out.wide.length < 5)
              out.wide.push('text ' + Math.round(right) + ': ' + text.textContent.slice(0, 40));
          }
          // Drawings scaled to their box shrink their labels with them: the smallest label as drawn.
          const heights = [...document.querySelectorAll('svg text')].map(t => t.getBoundingClientRect().height).filter(h => h > 0);
          out.smallestDrawnText = heights.length ? Math.min(...heights) : null;
          const rgba = c => (c.match(/[0-9.]+/g) || []).map(Number);
          const luminance = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
          const background = e => { for (let p = e; p; p = p.parentElement) {
            const c = rgba(getComputedStyle(p).backgroundColor); if (c.length === 3 || c[3] > 0) return c; } return [255, 255, 255]; };
          for (const e of document.body.querySelectorAll('*')) {
            if (e.closest('svg') || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
            const style = getComputedStyle(e);
            if (e.getBoundingClientRect().width === 0 || style.visibility === 'hidden') continue;
            const [a, b] = [luminance(rgba(style.color)), luminance(background(e))];
            const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
            const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
            const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
            if (ratio < needed && out.lowContrast.length < 5)
              out.lowContrast.push(e.tagName + '.' + e.className + ' «' + e.textContent.trim().slice(0, 20) + '» ' + ratio.toFixed(2) + ':1');
          }
          const pre = document.createElement('pre');
          pre.id = 'lab-check';
          pre.textContent = JSON.stringify(out);
          document.body.appendChild(pre);
        })();
        """
}
