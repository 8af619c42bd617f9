import Foundation
import LabConsole
import LabCore
import LabTrace

/// Draws spans as a terminal timeline: a lane per task, a time axis, a glyph per
/// kind of work and a colour per isolation, with a legend. Fits the terminal width
/// and stays readable without colour (glyphs carry the kind, a tag the isolation).
public struct TimelineRenderer: Sendable {
    public let terminal: Terminal

    public init(terminal: Terminal) { self.terminal = terminal }

    public static func glyph(for kind: WorkKind) -> Character {
        switch kind {
        case .blocking: "█"
        case .cpu: "▓"
        case .suspending: "░"
        case .step: "─"
        }
    }

    public func render(_ spans: [Span]) -> String {
        guard !spans.isEmpty else { return "  (no spans were recorded)" }
        let origin = spans.map(\.start).min() ?? 0
        let total = max((spans.map(\.end).max() ?? 0) - origin, 1e-9)
        let lanes = orderedLanes(spans)
        // Narrower labels and bars on a narrow terminal, so a lane stays one line.
        var labelWidth = min(32, max(12, terminal.width / 3), lanes.map(\.count).max() ?? 4)
        let tagWidth =
            lanes.map { lane in Self.laneTag(spans.filter { $0.lane == lane }, shortName: shortName).count }
            .max() ?? 13
        // A bar of at least 8 columns; on the narrowest terminals the labels give way to it.
        labelWidth = max(6, min(labelWidth, terminal.width - tagWidth - 8 - 6))
        let barWidth = max(8, terminal.width - labelWidth - tagWidth - 6)
        let palette = IsolationPalette(spans: spans)

        let depths = Self.depths(spans)
        var lines: [String] = []
        for lane in lanes {
            let laneSpans = spans.filter { $0.lane == lane }
            var cells = [(Character, Style)](repeating: (" ", .plain), count: barWidth)
            // Parents first, so the innermost step (the real work) is what shows.
            for span in laneSpans.sorted(by: { depths[$0.id, default: 0] < depths[$1.id, default: 0] }) {
                let from = column(span.start - origin, total: total, width: barWidth)
                let to = max(from + 1, column(span.end - origin, total: total, width: barWidth, roundUp: true))
                let glyph: Character = span.isInstant ? "•" : Self.glyph(for: span.kind)
                // Coloured by where the step's own code ran, as the steps table's "ran on" column says.
                for index in from..<min(to, barWidth) { cells[index] = (glyph, palette.style(for: span.ranOn)) }
            }
            // Then each failure or cancellation, at the moment it ended its step.
            for span in laneSpans {
                guard let outcome = span.outcome else { continue }
                let at = min(
                    barWidth - 1, max(0, column(span.end - origin, total: total, width: barWidth, roundUp: true) - 1))
                cells[at] = (outcome.glyph, outcome == .cancelled ? .yellow : .red)
            }
            let bar = cells.map { terminal.paint(String($0.0), $0.1) }.joined()
            let label = Self.shortened(lane, to: labelWidth).padded(to: labelWidth)
            lines.append("  \(label) │\(bar)│ \(isolationTag(laneSpans))")
        }
        lines.append(axis(total: total, labelWidth: labelWidth, barWidth: barWidth))
        lines.append(legend(palette: palette))
        return lines.joined(separator: "\n")
    }

    private func orderedLanes(_ spans: [Span]) -> [String] {
        var seen: [String] = []
        for span in spans.sorted(by: { $0.start < $1.start }) where !seen.contains(span.lane) {
            seen.append(span.lane)
        }
        return seen
    }

    /// How deeply each span is nested in its parents, computed once for the whole trace.
    static func depths(_ spans: [Span]) -> [Int: Int] {
        let parents = Dictionary(spans.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
        var depths: [Int: Int] = [:]
        func depth(_ id: Int) -> Int {
            if let known = depths[id] { return known }
            let value = parents[id].flatMap { $0 }.map { depth($0) + 1 } ?? 0
            depths[id] = value
            return value
        }
        for span in spans { _ = depth(span.id) }
        return depths
    }

    private func column(_ time: Double, total: Double, width: Int, roundUp: Bool = false) -> Int {
        let exact = time / total * Double(width)
        return Int(roundUp ? exact.rounded(.up) : exact.rounded(.down))
    }

    /// The isolation a lane spent most of its time in, with "+" when it also ran elsewhere: where
    /// each step's own code ran (`ranOn`, the steps table's "ran on"), not where it was awaited from.
    private func isolationTag(_ spans: [Span]) -> String {
        terminal.paint(Self.laneTag(spans, shortName: shortName), .dim)
    }

    /// The tag's text, unpainted.
    static func laneTag(_ spans: [Span], shortName: (Isolation) -> String) -> String {
        // A thread's lane (code outside any task) ran on no executor: the task tree says the same.
        if !spans.isEmpty && spans.allSatisfy(\.ranOutsideAnyTask) { return "its own thread" }
        var time: [Isolation: Double] = [:]
        for span in spans { time[span.ranOn, default: 0] += max(span.duration, 1e-12) }
        // The longest first; a tie goes to the name that sorts first, so the tag does not depend on hashing.
        guard
            let main = time.max(by: {
                $0.value == $1.value ? $0.key.description > $1.key.description : $0.value < $1.value
            })?.key
        else { return "" }
        return shortName(main) + (time.count > 1 ? "+" : "")
    }

    /// A lane's name cut to `width`: its start and its end, which tell nested lanes apart
    /// ("continuati…› waiter 1 › answer 1" beside "semaphore …› waiter 1").
    static func shortened(_ lane: String, to width: Int) -> String {
        guard lane.count > width else { return lane }
        let head = (width - 1) / 3
        return lane.prefix(head) + "…" + lane.suffix(width - 1 - head)
    }

    func shortName(_ isolation: Isolation) -> String {
        switch isolation {
        case .mainActor: "main actor"
        case .actor(let name): name.count > 13 ? name.prefix(12) + "…" : name
        case .nonisolated: "nonisolated"
        }
    }

    private func axis(total: Double, labelWidth: Int, barWidth: Int) -> String {
        let start = "0"
        let middle = (total / 2).formattedAsDuration
        let end = total.formattedAsDuration
        var line = Array(repeating: Character(" "), count: barWidth + 2)
        func place(_ text: String, at position: Int) {
            let begin = max(0, min(line.count - text.count, position))
            for (offset, character) in text.enumerated() { line[begin + offset] = character }
        }
        place(start, at: 1)
        // The middle tick only where it has room between the ends (a narrow terminal's bar).
        if barWidth + 2 >= start.count + middle.count + end.count + 6 {
            place(middle, at: (barWidth + 2) / 2 - middle.count / 2)
        }
        place(end, at: barWidth + 2 - end.count)
        return "  " + String(repeating: " ", count: labelWidth) + " " + terminal.paint(String(line), .dim)
    }

    private func legend(palette: IsolationPalette) -> String {
        let kinds = [
            "█ blocking (holds a thread)", "▓ CPU", "░ suspended (thread free)", "─ step", "• instant", "✗ failed",
            "⊘ cancelled", "■ never ended.",
        ]
        // Each symbol stays on the line of its meaning: the spaces inside an item do not break.
        let items = kinds.map { $0.replacingOccurrences(of: " ", with: "\u{A0}") }
        let wrapped = (items.joined(separator: "  ") + " Right: where the lane ran (+ means it also ran elsewhere).")
            .wrapped(to: terminal.width, indent: "  ")
        var text = terminal.paint(wrapped.replacingOccurrences(of: "\u{A0}", with: " "), .dim)
        if terminal.usesColor {
            let colours = palette.isolations.map { terminal.paint("■ \($0)", palette.style(for: $0)) }
            text += "\n  " + colours.joined(separator: "  ")
        }
        return text
    }
}

/// A colour per isolation: main actor, each actor type, nonisolated.
struct IsolationPalette {
    let isolations: [Isolation]
    private static let actorStyles: [Style] = [.cyan, .yellow, .blue, .red]

    init(spans: [Span]) {
        var seen: [Isolation] = []
        for span in spans where !seen.contains(span.ranOn) { seen.append(span.ranOn) }
        isolations = seen
    }

    func style(for isolation: Isolation) -> Style {
        switch isolation {
        case .mainActor: return .magenta
        case .nonisolated: return .green
        case .actor:
            let actors = isolations.filter { if case .actor = $0 { true } else { false } }
            let index = actors.firstIndex(of: isolation) ?? 0
            return Self.actorStyles[index % Self.actorStyles.count]
        }
    }
}
