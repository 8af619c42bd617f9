import LabCore
import LabTrace

/// Where everything of a drawn timeline goes: lanes, bars, marks and every label's box.
///
/// Worked out here, in plain numbers, rather than left to the browser: the SVG only draws it,
/// and a test can check the picture's promises (one lane per task, bars in trace order, a
/// cancellation's mark at the time it was recorded, no label over another) without a browser.
public struct TimelineLayout: Sendable {
    /// What one lane shows: its spans, and which of them are bars (the rest are marks).
    struct LaneInput {
        let title: String
        let shownTitle: String
        let depth: Int
        let spans: [Span]
        /// Spans that began in another lane and ended in this one (a step that resumed on
        /// another thread): a tick where each ended, and its outcome.
        var endsElsewhere: [Span] = []
        /// Whether a span of `spans` also ended in this lane (on the thread view, one may not).
        var endsHere: (Span) -> Bool = { _ in true }
        /// Spans drawn as bars; the others as ticks where they began and ended (or one
        /// mark, for an instant).
        let isBar: (Span) -> Bool
    }

    public struct Lane: Sendable {
        public let title: String
        public let depth: Int
        public let y: Double
        public let height: Double
        /// The title as drawn (cut to fit, with the task's priority where tasks differ in it).
        public var titleText: TimelineText? = nil
        public var bars: [Bar] = []
        public var marks: [Mark] = []
    }

    public struct Bar: Sendable {
        public let span: Span
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
        public let place: ExecutionPlace
    }

    public struct Mark: Sendable {
        public enum Kind: String, Sendable {
            /// A zero-length span: "cancel() called".
            case instant
            /// The task suspended here (a suspending step began) or resumed (it ended).
            case suspended, resumed
            /// A step that does not hold its thread, on the thread view: where it began and ended.
            case began, ended
            case cancelled, failed, unfinished
        }
        public let kind: Kind
        public let span: Span
        /// The trace's time of the mark, in seconds since the probe started.
        public let time: Double
        public let x: Double
        public let y: Double
    }

    public static let width = 1160.0
    static let labelColumn = 250.0
    static let plotX = 262.0
    static let rightMargin = 44.0
    static let axisHeight = 24.0
    static let rowHeight = 20.0
    static let barHeight = 14.0
    static let lanePadding = 3.0
    static let indent = 12.0
    static let fontSize = 12.0
    static let glyphSize = 13.0

    public let lanes: [Lane]
    /// The UI loop's frames, when the run had one: a strip above the lanes (the loop's ticks
    /// are not a task of the lesson, and a gap in them is the freeze a blocked main actor causes).
    public let frames: (y: Double, xs: [Double], times: [Double])?
    public let texts: [TimelineText]
    public let ticks: [(x: Double, seconds: Double)]
    public let height: Double
    /// The drawing's width: `width`, or more where outcome marks pushed aside by each other
    /// reach past it even with the plot at its narrowest, so that every mark is drawn rather
    /// than cut off at the edge. The page scrolls it.
    public let drawnWidth: Double
    /// The time axis's length: narrower than `width` leaves where outcome marks at the run's
    /// end need more room than the right margin (see `init(lanes:origin:end:frames:)`).
    public let plotWidth: Double
    public let origin: Double
    public let end: Double

    /// The most the plot gives up to marks at its end before the drawing widens instead.
    static let narrowestPlot = 700.0

    /// The x of a time in the trace.
    public func x(_ time: Double) -> Double {
        Self.plotX + (time - origin) / max(end - origin, 1e-9) * plotWidth
    }

    /// Outcome marks (⊘, ✗) of steps that ended as the run did queue to the right of the plot's
    /// end, one beside the other: four in one row (task-groups' failing child, by thread) ran
    /// past the drawing's edge. The plot then gives up the room they need, so the drawing keeps
    /// the page's width; only where that would leave less than `narrowestPlot` does it widen.
    /// `plotWidth`: at most this long (another view of the run gave up room: the two stay aligned).
    init(lanes inputs: [LaneInput], origin: Double, end: Double, frames frameTimes: [Double] = [], plotWidth: Double?) {
        var layout = TimelineLayout(
            lanes: inputs, origin: origin, end: end, frames: frameTimes,
            plotWidth: min(plotWidth ?? .infinity, Self.width - Self.plotX - Self.rightMargin))
        // A pass or two: the marks move left with the plot's end, by about what it gave up.
        for _ in 0..<3 where layout.drawnWidth > Self.width {
            let narrower = layout.plotWidth - (layout.drawnWidth - Self.width)
            guard narrower >= Self.narrowestPlot else { break }
            layout = TimelineLayout(lanes: inputs, origin: origin, end: end, frames: frameTimes, plotWidth: narrower)
        }
        self = layout
    }

    private init(lanes inputs: [LaneInput], origin: Double, end: Double, frames frameTimes: [Double], plotWidth: Double)
    {
        self.plotWidth = plotWidth
        let end = max(end, origin + 1e-6)
        self.origin = origin
        self.end = end
        var texts: [TimelineText] = []
        var lanes: [Lane] = []
        var y = Self.axisHeight
        if frameTimes.isEmpty {
            frames = nil
        } else {
            let xs = frameTimes.map { Self.plotX + ($0 - origin) / (end - origin) * plotWidth }
            frames = (y: y, xs: xs, times: frameTimes)
            texts.append(
                TimelineText(
                    "UI frames drawn", role: .laneTitle, x: 8, centreY: y + Self.rowHeight / 2, fontSize: Self.fontSize)
            )
            y += Self.rowHeight + 2
        }
        for input in inputs {
            let (lane, laneTexts) = Self.lay(input, top: y) {
                Self.plotX + ($0 - origin) / (end - origin) * plotWidth
            }
            lanes.append(lane)
            texts += laneTexts
            y += lane.height
        }
        self.lanes = lanes
        self.height = y + 4
        let ticks = Self.ticks(from: 0, to: end - origin).map { seconds in
            (x: Self.plotX + seconds / (end - origin) * plotWidth, seconds: seconds)
        }
        self.ticks = ticks
        for tick in ticks {
            let label = tick.seconds.formattedAsDuration
            let width = TimelineText.width(of: label, role: .tick, fontSize: Self.fontSize - 1)
            texts.append(
                TimelineText(
                    label, role: .tick, x: tick.x - width / 2, centreY: Self.axisHeight / 2, fontSize: Self.fontSize - 1
                ))
        }
        self.texts = texts
        let rightmost = texts.map { $0.x + $0.width }.max() ?? 0
        self.drawnWidth = max(Self.width, (rightmost + 2).rounded(.up))
    }

    private static func lay(_ input: LaneInput, top: Double, x: (Double) -> Double) -> (Lane, [TimelineText]) {
        // Overlapping bars of one lane (a step and the steps inside it) go in rows below each other.
        let barSpans = input.spans.filter { input.isBar($0) && $0.duration > 0 }
            .sorted {
                $0.start == $1.start
                    ? ($0.duration == $1.duration ? $0.id < $1.id : $0.duration > $1.duration) : $0.start < $1.start
            }
        var rowEnds: [Double] = []
        var rowOf: [Int: Int] = [:]
        for span in barSpans {
            if let row = rowEnds.firstIndex(where: { $0 <= span.start }) {
                rowEnds[row] = span.end
                rowOf[span.id] = row
            } else {
                rowOf[span.id] = rowEnds.count
                rowEnds.append(span.end)
            }
        }
        let rows = max(1, rowEnds.count)
        let height = Double(rows) * rowHeight + 2 * lanePadding
        func rowCentre(_ row: Int) -> Double { top + lanePadding + (Double(row) + 0.5) * rowHeight }
        var lane = Lane(title: input.title, depth: input.depth, y: top, height: height)
        var texts: [TimelineText] = []
        let titleX = 8 + Double(min(input.depth, 8)) * indent
        let shown = TimelineText.fitted(input.shownTitle, width: labelColumn - titleX, fontSize: fontSize)
        if !shown.isEmpty {
            let title = TimelineText(shown, role: .laneTitle, x: titleX, centreY: rowCentre(0), fontSize: fontSize)
            lane.titleText = title
            texts.append(title)
        }
        for span in barSpans {
            let row = rowOf[span.id] ?? 0
            let left = x(span.start)
            lane.bars.append(
                Bar(
                    span: span, x: left, y: rowCentre(row) - barHeight / 2, width: max(x(span.end) - left, 2),
                    height: barHeight, place: ExecutionPlace(span)))
        }
        // Marks: instants, suspension and resumption, and on the thread view the ends of steps
        // that do not hold a thread.
        for span in input.spans {
            let row = rowOf[span.id] ?? 0
            let centre = rowCentre(row)
            if span.isInstant {
                lane.marks.append(Mark(kind: .instant, span: span, time: span.start, x: x(span.start), y: centre))
            } else if !input.isBar(span) {
                lane.marks.append(Mark(kind: .began, span: span, time: span.start, x: x(span.start), y: centre))
                if input.endsHere(span) {
                    lane.marks.append(Mark(kind: .ended, span: span, time: span.end, x: x(span.end), y: centre))
                }
            } else if span.kind == .suspending {
                lane.marks.append(Mark(kind: .suspended, span: span, time: span.start, x: x(span.start), y: centre))
                lane.marks.append(Mark(kind: .resumed, span: span, time: span.end, x: x(span.end), y: centre))
            } else if span.startThread != span.endThread {
                // It suspended inside and went on on another thread: where it resumed is known
                // only as its end.
                lane.marks.append(Mark(kind: .resumed, span: span, time: span.end, x: x(span.end), y: centre))
            }
        }
        for span in input.endsElsewhere {
            lane.marks.append(Mark(kind: .ended, span: span, time: span.end, x: x(span.end), y: rowCentre(0)))
        }
        // Outcome marks come first and are always drawn: one that would cover another in its
        // row moves right, after it. Bar letters are drawn only where they cover nothing.
        var outcomeTexts: [TimelineText] = []
        for span in (input.spans + input.endsElsewhere).sorted(by: {
            $0.end == $1.end ? $0.id < $1.id : $0.end < $1.end
        }) {
            guard let outcome = span.outcome else { continue }
            let centre = rowCentre(rowOf[span.id] ?? 0)
            var left = x(span.end) + 2
            var text = TimelineText(
                String(outcome.glyph), role: .outcome, x: left, centreY: centre, fontSize: glyphSize)
            while let covered = outcomeTexts.first(where: { $0.overlaps(text) }) {
                left = covered.x + covered.width + 1
                text = TimelineText(
                    String(outcome.glyph), role: .outcome, x: left, centreY: centre, fontSize: glyphSize)
            }
            outcomeTexts.append(text)
            lane.marks.append(
                Mark(kind: Mark.Kind(outcome), span: span, time: span.end, x: left, y: centre)
            )
        }
        texts += outcomeTexts
        for bar in lane.bars {
            let letterWidth = TimelineText.width(of: bar.place.letter, role: .barLetter, fontSize: fontSize - 2)
            guard bar.width >= letterWidth + 6 else { continue }
            let letter = TimelineText(
                bar.place.letter, role: .barLetter, x: bar.x + 3, centreY: bar.y + bar.height / 2,
                fontSize: fontSize - 2)
            if !texts.contains(where: { $0.overlaps(letter) }) { texts.append(letter) }
        }
        return (lane, texts)
    }

    /// Round times for the axis: 1, 2 or 5 × 10ⁿ seconds apart, at most eight.
    static func ticks(from start: Double, to end: Double) -> [Double] {
        let span = max(end - start, 1e-9)
        let raw = span / 8
        let power = pow10(floorLog10(raw))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        var ticks: [Double] = []
        var value = 0.0
        while value <= span * 1.000_001 {
            ticks.append(start + value)
            value += step
        }
        return ticks
    }

    private static func floorLog10(_ value: Double) -> Int {
        var exponent = 0
        var scaled = value
        while scaled >= 10 {
            scaled /= 10
            exponent += 1
        }
        while scaled < 1 {
            scaled *= 10
            exponent -= 1
        }
        return exponent
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        if exponent >= 0 { for _ in 0..<exponent { result *= 10 } } else { for _ in 0 ..< -exponent { result /= 10 } }
        return result
    }
}

extension TimelineLayout.Mark.Kind {
    /// The mark at the end of a step that did not simply return.
    init(_ outcome: Span.Outcome) {
        switch outcome {
        case .cancelled: self = .cancelled
        case .failed: self = .failed
        case .unfinished: self = .unfinished
        }
    }
}
