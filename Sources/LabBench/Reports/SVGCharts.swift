import Foundation
import LabConsole
import LabCore
import LabTrace

/// The report's charts as inline SVG: no scripts, no external assets.
enum SVGCharts {
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7"]

    /// One row per variant: a bar to the median, a whisker for the 95% CI, the
    /// samples as dots, and the ideal as a dashed line. Log scale when the
    /// variants differ by more than 30×.
    static func medians(_ suite: SuiteResult) -> String {
        let width = 760.0
        let rowHeight = 34.0
        let left = 170.0
        let right = 30.0
        let top = 14.0
        let height = top + rowHeight * Double(suite.variants.count) + 48
        // Typed pieces: as one expression of untyped closures, `+` and `??` this took 0.2 s to type-check.
        let measured: [Double] = suite.variants.flatMap { (variant: VariantResult) -> [Double] in
            variant.samples.map(\.secondsPerOperation) + [variant.summary.medianHigh]
        }
        let ideal: [Double] = suite.ideal.map { (ideal: Ideal) -> [Double] in [ideal.seconds] } ?? []
        let values: [Double] = (measured + ideal).filter(\.isFinite)
        let (minimum, maximum) = axisRange(values)
        let logScale = maximum / minimum > 30
        func x(_ value: Double) -> Double {
            let fraction =
                logScale
                ? (log10(max(value, minimum)) - log10(minimum * 0.8)) / (log10(maximum) - log10(minimum * 0.8))
                : value / maximum
            return left + max(0, min(1, fraction)) * (width - left - right)
        }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(escape(suite.name)) medians\">"
        let axis = labelledTicks(minimum: minimum, maximum: maximum, log: logScale)
        if axis.isEmpty || axis.allSatisfy({ $0 == 0 }) {
            // Nothing the timer resolves (the harness's empty operation): one honest label, not
            // a row of identical "< 0.001 ns" ticks.
            svg +=
                "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 26))\" class=\"tick\" text-anchor=\"middle\">every time under \(escape(Double.untimeableSeconds.formattedAsDuration)) per operation: below what the timer resolves</text>"
        }
        for tick in axis {
            let position = x(tick)
            svg +=
                "<line x1=\"\(f(position))\" y1=\"\(f(top - 4))\" x2=\"\(f(position))\" y2=\"\(f(height - 42))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(f(position))\" y=\"\(f(height - 26))\" class=\"tick\" text-anchor=\"middle\">\(escape(tick.formattedAsDuration))</text>"
        }
        for (index, variant) in suite.variants.enumerated() {
            let y = top + Double(index) * rowHeight
            let colour = palette[index % palette.count]
            svg +=
                "<text x=\"\(f(left - 10))\" y=\"\(f(y + 19))\" class=\"label\" text-anchor=\"end\">\(escape(variant.name))</text>"
            svg +=
                "<rect x=\"\(f(left))\" y=\"\(f(y + 8))\" width=\"\(f(max(1, x(variant.summary.median) - left)))\" height=\"16\" rx=\"3\" fill=\"\(colour)\" opacity=\"0.28\"/>"
            for (sampleIndex, sample) in variant.samples.enumerated() {
                let jitter = Double((sampleIndex * 7919) % 11) - 5
                svg +=
                    "<circle cx=\"\(f(x(sample.secondsPerOperation)))\" cy=\"\(f(y + 16 + jitter))\" r=\"2.2\" fill=\"\(colour)\" opacity=\"0.75\"/>"
            }
            let low = x(variant.summary.medianLow)
            let high = x(variant.summary.medianHigh)
            let median = x(variant.summary.median)
            svg +=
                "<line x1=\"\(f(low))\" y1=\"\(f(y + 16))\" x2=\"\(f(high))\" y2=\"\(f(y + 16))\" class=\"whisker\"/>"
            svg += "<line x1=\"\(f(low))\" y1=\"\(f(y + 10))\" x2=\"\(f(low))\" y2=\"\(f(y + 22))\" class=\"whisker\"/>"
            svg +=
                "<line x1=\"\(f(high))\" y1=\"\(f(y + 10))\" x2=\"\(f(high))\" y2=\"\(f(y + 22))\" class=\"whisker\"/>"
            svg +=
                "<line x1=\"\(f(median))\" y1=\"\(f(y + 5))\" x2=\"\(f(median))\" y2=\"\(f(y + 27))\" stroke=\"\(colour)\" stroke-width=\"3\"/>"
        }
        if let ideal = suite.ideal {
            let position = x(ideal.seconds)
            svg +=
                "<line x1=\"\(f(position))\" y1=\"\(f(top - 6))\" x2=\"\(f(position))\" y2=\"\(f(height - 42))\" class=\"ideal\"/>"
            svg += "<text x=\"\(f(position + 4))\" y=\"\(f(top + 2))\" class=\"tick ideal-label\">ideal</text>"
        }
        svg +=
            "<text x=\"\(f(width - right))\" y=\"\(f(height - 4))\" class=\"tick\" text-anchor=\"end\">\(logScale ? "log scale" : "linear scale") · bar and thick line: median · whisker: 95% CI · dots: samples</text>"
        return svg + "</svg>"
    }

    /// A variant's task timeline from the trace: a lane per task, a bar per span,
    /// coloured by kind of work; hover for the step, its isolation and its time.
    static func timeline(_ timeline: SuiteResult.Timeline) -> String {
        let spans = timeline.spans.filter { $0.duration > 0 }
        guard !spans.isEmpty else { return "" }
        var lanes: [String] = []
        for span in spans.sorted(by: { $0.start < $1.start }) where !lanes.contains(span.lane) {
            lanes.append(span.lane)
        }
        let shownLanes = Array(lanes.prefix(24))
        let width = 760.0
        let left = 170.0
        let right = 20.0
        let laneHeight = 16.0
        let top = 4.0
        let height = top + laneHeight * Double(shownLanes.count) + 22
        let origin = spans.map(\.start).min() ?? 0
        let total = max((spans.map(\.end).max() ?? 1) - origin, 1e-9)
        func x(_ time: Double) -> Double { left + (time - origin) / total * (width - left - right) }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart timeline\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"timeline of \(escape(timeline.variant))\">"
        for (index, lane) in shownLanes.enumerated() {
            let y = top + Double(index) * laneHeight
            svg +=
                "<text x=\"\(f(left - 8))\" y=\"\(f(y + 11))\" class=\"lane\" text-anchor=\"end\">\(escape(String(lane.prefix(26))))</text>"
            for span in spans where span.lane == lane {
                let colour =
                    span.kind == .blocking
                    ? "#e15759" : span.kind == .cpu ? "#f28e2b" : span.kind == .suspending ? "#4e79a7" : "#9c9c9c"
                svg +=
                    "<rect x=\"\(f(x(span.start)))\" y=\"\(f(y + 2))\" width=\"\(f(max(1, x(span.end) - x(span.start))))\" height=\"\(f(laneHeight - 4))\" rx=\"2\" fill=\"\(colour)\" opacity=\"\(span.kind == .suspending ? "0.55" : "0.9")\"><title>\(escape("\(span.name) · \(span.isolation) · \(span.duration.formattedAsDuration)"))</title></rect>"
            }
        }
        let axisY = top + laneHeight * Double(shownLanes.count) + 14
        svg +=
            "<text x=\"\(f(left))\" y=\"\(f(axisY))\" class=\"tick\">0</text><text x=\"\(f(width - right))\" y=\"\(f(axisY))\" class=\"tick\" text-anchor=\"end\">\(escape(total.formattedAsDuration))</text>"
        if lanes.count > shownLanes.count {
            svg +=
                "<text x=\"\(f(width / 2))\" y=\"\(f(axisY))\" class=\"tick\" text-anchor=\"middle\">… \(lanes.count - shownLanes.count) more lanes</text>"
        }
        return svg + "</svg>"
    }

    /// The axis for these values: from a little below the smallest positive one to a little
    /// above the largest. All zero (the harness's empty operation can measure 0 s) or none
    /// at all still gives an axis, never a division by zero.
    static func axisRange(_ values: [Double]) -> (minimum: Double, maximum: Double) {
        let largest = values.max() ?? 0
        let maximum = largest > 0 ? largest * 1.08 : 1e-9
        let minimum = max(values.filter { $0 > 0 }.min() ?? maximum / 1000, maximum / 1e6)
        return (minimum, maximum)
    }

    /// The ticks worth a label: none below what a time can be told apart from zero (each would
    /// read "< 0.001 ns"), and no two that print alike.
    static func labelledTicks(minimum: Double, maximum: Double, log: Bool) -> [Double] {
        var seen = Set<String>()
        return ticks(minimum: minimum, maximum: maximum, log: log).filter { tick in
            (tick == 0 || tick >= Double.untimeableSeconds) && seen.insert(tick.formattedAsDuration).inserted
        }
    }

    static func ticks(minimum: Double, maximum: Double, log: Bool) -> [Double] {
        guard maximum > 0, maximum.isFinite, minimum > 0, minimum.isFinite else { return [0] }
        if log {
            var ticks: [Double] = []
            var value = pow(10, floor(log10(minimum)))
            while value <= maximum {
                if value >= minimum * 0.8 { ticks.append(value) }
                value *= 10
            }
            return ticks
        }
        let rough = maximum / 5
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough
        guard step > 0, step.isFinite else { return [0] }
        return stride(from: 0, through: maximum, by: step).map { $0 }
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The lab's one HTML escape (the lesson pages use it too).
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
