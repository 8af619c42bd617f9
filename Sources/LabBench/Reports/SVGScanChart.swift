import Foundation
import LabCore

extension SVGCharts {
    /// A scan as a line chart: the parameter along x (log₂ when the values double), the time
    /// per run up y from zero, each variant's medians joined with its 95% intervals as
    /// whiskers, and the ideal as a dashed line.
    static func scan(_ scan: ScanResult) -> String {
        let width = 760.0
        let height = 340.0
        let left = 70.0
        let right = 150.0
        let top = 16.0
        let bottom = 46.0
        guard let firstValue = scan.values.first, let lastValue = scan.values.last, lastValue > firstValue else {
            return ""
        }
        let logX = scan.values.allSatisfy { $0 > 0 } && Double(lastValue) / Double(firstValue) >= 8
        func x(_ value: Int) -> Double {
            let fraction =
                logX
                ? (log2(Double(value)) - log2(Double(firstValue)))
                    / (log2(Double(lastValue)) - log2(Double(firstValue)))
                : Double(value - firstValue) / Double(lastValue - firstValue)
            return left + fraction * (width - left - right)
        }
        let highest =
            (scan.series.flatMap { $0.points.map(\.high) } + scan.ideal.map(\.seconds)).filter(\.isFinite).max() ?? 1
        let (_, maximum) = axisRange([highest, highest / 10])
        func y(_ seconds: Double) -> Double { top + (1 - max(0, min(1, seconds / maximum))) * (height - top - bottom) }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(escape(scan.suite)) over \(escape(scan.parameter))\">"
        for index in 0...4 {
            let seconds = maximum * Double(index) / 4
            svg +=
                "<line x1=\"\(f(left))\" y1=\"\(f(y(seconds)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(seconds)))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(f(left - 6))\" y=\"\(f(y(seconds) + 4))\" class=\"tick\" text-anchor=\"end\">\(escape(seconds.formattedAsDuration))</text>"
        }
        for value in scan.values {
            svg +=
                "<text x=\"\(f(x(value)))\" y=\"\(f(height - bottom + 16))\" class=\"tick\" text-anchor=\"middle\">\(value)</text>"
        }
        svg +=
            "<text x=\"\(f((left + width - right) / 2))\" y=\"\(f(height - 8))\" class=\"label\" text-anchor=\"middle\">\(escape(scan.parameter))\(logX ? " (log scale)" : "")</text>"
        if scan.executorWidth >= firstValue && scan.executorWidth <= lastValue {
            let position = x(scan.executorWidth)
            svg +=
                "<line x1=\"\(f(position))\" y1=\"\(f(top))\" x2=\"\(f(position))\" y2=\"\(f(height - bottom))\" stroke=\"#8c959f\" stroke-dasharray=\"2 3\"/>"
            svg +=
                "<text x=\"\(f(position + 4))\" y=\"\(f(top + 10))\" class=\"tick\">executor width \(scan.executorWidth)</text>"
        }
        if scan.ideal.count > 1 {
            let path = scan.ideal.map { "\(f(x($0.value))),\(f(y($0.seconds)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" class=\"ideal\"/>"
            if let last = scan.ideal.last {
                // Above its line's end, where a variant that reaches the ideal does not put its name.
                svg +=
                    "<text x=\"\(f(x(last.value) - 4))\" y=\"\(f(y(last.seconds) - 8))\" class=\"tick ideal-label\" text-anchor=\"end\">ideal</text>"
            }
        }
        for (index, series) in scan.series.enumerated() {
            let colour = palette[index % palette.count]
            let path = series.points.map { "\(f(x($0.value))),\(f(y($0.median)))" }.joined(separator: " ")
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.2\"/>"
            for point in series.points {
                let px = x(point.value)
                svg +=
                    "<line x1=\"\(f(px))\" y1=\"\(f(y(point.low)))\" x2=\"\(f(px))\" y2=\"\(f(y(point.high)))\" stroke=\"\(colour)\" stroke-width=\"1.4\"/>"
                svg +=
                    "<circle cx=\"\(f(px))\" cy=\"\(f(y(point.median)))\" r=\"3.2\" fill=\"\(colour)\"><title>\(escape(series.variant)), \(escape(scan.parameter)) = \(point.value): \(escape(point.median.formattedAsDuration)) (\(escape(point.low.formattedAsDuration))–\(escape(point.high.formattedAsDuration)))</title></circle>"
            }
            if let last = series.points.last {
                svg +=
                    "<text x=\"\(f(x(last.value) + 8))\" y=\"\(f(y(last.median) + 4 + Double(index) * 12))\" class=\"label\" fill=\"\(colour)\">\(escape(series.variant))</text>"
            }
        }
        return svg + "</svg>"
    }
}
