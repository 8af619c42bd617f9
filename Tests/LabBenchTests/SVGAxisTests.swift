import Foundation
import Testing

@testable import LabBench
@testable import LabCore

/// The charts' axes: ticks in order inside the range, and no crash or NaN on degenerate data.
@Suite("SVG chart axes")
struct SVGAxisTests {
    @Test func linearTicksStartAtZeroAndStayInRange() {
        let ticks = SVGCharts.ticks(minimum: 0.001, maximum: 0.047, log: false)
        expect(ticks.first == 0 && ticks.count >= 3 && ticks.count <= 11)
        expect(ticks.allSatisfy { $0 <= 0.047 } && ticks == ticks.sorted())
    }

    @Test func logTicksArePowersOfTenInsideTheRange() {
        let ticks = SVGCharts.ticks(minimum: 2e-9, maximum: 3e-5, log: true)
        expectEqual(ticks.count, 4, "1e-8 … 1e-5: \(ticks)")
        expect(ticks.allSatisfy { $0 >= 2e-9 * 0.8 && $0 <= 3e-5 })
    }

    @Test func aZeroMaximumGivesAnAxisNotACrash() {
        expectEqual(SVGCharts.ticks(minimum: 0, maximum: 0, log: false), [0])
        expectEqual(SVGCharts.ticks(minimum: 0, maximum: 0, log: true), [0])
        expectEqual(SVGCharts.ticks(minimum: .nan, maximum: .infinity, log: false), [0])
        let (minimum, maximum) = SVGCharts.axisRange([0, 0, 0])
        expect(maximum > 0 && minimum > 0 && minimum < maximum)
        let none = SVGCharts.axisRange([])
        expect(none.maximum > 0 && none.minimum > 0)
    }

    @Test func aSuiteWhoseEveryTimeIsZeroStillDraws() {
        let definition = BenchmarkSuite(
            name: "empty", kind: .primitive, summary: "", reference: "a",
            variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let zero = Sample(
            iterations: 1, wallSeconds: 0, cpuSeconds: 0, voluntarySwitches: 0, involuntarySwitches: 0,
            peakMemoryBytes: 0, threads: 1, figures: [])
        let suite = Analysis.analyze(
            definition, samples: ["a": Array(repeating: zero, count: 5), "b": Array(repeating: zero, count: 5)],
            timelines: [])
        let svg = SVGCharts.medians(suite)
        expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
        expect(!svg.contains("nan") && !svg.contains("inf"), "every coordinate is a number")
    }
}

/// The harness-overhead chart labelled every tick "< 0.001 ns": labels must tell ticks apart.
@Suite("SVG chart axis labels")
struct SVGAxisLabelTests {
    static func labels(_ svg: String) -> [String] {
        svg.components(separatedBy: "class=\"tick\" text-anchor=\"middle\">").dropFirst().map {
            $0.components(separatedBy: "<").first ?? ""
        }
    }

    @Test func noTwoTicksReadAlikeAndNoneReadsBelowResolution() {
        for (minimum, maximum, log) in [
            (1e-15, 1e-9, true), (1e-15, 1e-13, false), (2e-9, 3e-5, true), (0.001, 0.047, false),
        ] {
            let labels = SVGCharts.labelledTicks(minimum: minimum, maximum: maximum, log: log).map(
                \.formattedAsDuration)
            expectEqual(Set(labels).count, labels.count, "\(labels)")
            expect(!labels.contains { $0.hasPrefix("<") }, "\(labels)")
        }
    }

    @Test func aSuiteOfUntimeableOperationsSaysSoOnce() {
        let definition = BenchmarkSuite(
            name: "overhead", kind: .primitive, summary: "", reference: "a",
            variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let tiny = Sample(
            iterations: 1_000_000, wallSeconds: 1e-8, cpuSeconds: 1e-8, voluntarySwitches: 0, involuntarySwitches: 0,
            peakMemoryBytes: 0, threads: 1, figures: [])
        let suite = Analysis.analyze(
            definition, samples: ["a": Array(repeating: tiny, count: 5), "b": Array(repeating: tiny, count: 5)],
            timelines: [])
        let labels = Self.labels(SVGCharts.medians(suite))
        expect(!labels.contains("&lt; 0.001 ns"), "\(labels)")
        expectEqual(Set(labels).count, labels.count, "\(labels)")
        expect(labels.contains { $0.contains("below what the timer resolves") }, "\(labels)")
    }
}
