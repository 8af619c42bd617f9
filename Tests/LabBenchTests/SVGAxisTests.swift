import Foundation
import Testing
@testable import LabBench
@testable import LabKit

/// The charts' axes: ticks in order inside the range, and no crash or NaN on degenerate data.
@Suite("SVG chart axes")
struct SVGAxisTests {
    @Test func linearTicksStartAtZeroAndStayInRange() {
        let ticks = SVGCharts.ticks(minimum: 0.001, maximum: 0.047, log: false)
        #expect(ticks.first == 0 && ticks.count >= 3 && ticks.count <= 11)
        #expect(ticks.allSatisfy { $0 <= 0.047 } && ticks == ticks.sorted())
    }

    @Test func logTicksArePowersOfTenInsideTheRange() {
        let ticks = SVGCharts.ticks(minimum: 2e-9, maximum: 3e-5, log: true)
        #expect(ticks.count == 4, "1e-8 … 1e-5: \(ticks)")
        #expect(ticks.allSatisfy { $0 >= 2e-9 * 0.8 && $0 <= 3e-5 })
    }

    @Test func aZeroMaximumGivesAnAxisNotACrash() {
        #expect(SVGCharts.ticks(minimum: 0, maximum: 0, log: false) == [0])
        #expect(SVGCharts.ticks(minimum: 0, maximum: 0, log: true) == [0])
        #expect(SVGCharts.ticks(minimum: .nan, maximum: .infinity, log: false) == [0])
        let (minimum, maximum) = SVGCharts.axisRange([0, 0, 0])
        #expect(maximum > 0 && minimum > 0 && minimum < maximum)
        let none = SVGCharts.axisRange([])
        #expect(none.maximum > 0 && none.minimum > 0)
    }

    @Test func aSuiteWhoseEveryTimeIsZeroStillDraws() {
        let definition = BenchmarkSuite(name: "empty", kind: .primitive, summary: "", reference: "a",
                                        variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let zero = Sample(iterations: 1, wallSeconds: 0, cpuSeconds: 0, voluntarySwitches: 0, involuntarySwitches: 0,
                          peakMemoryBytes: 0, threads: 1, extra: [:])
        let suite = Analysis.analyze(definition, samples: ["a": Array(repeating: zero, count: 5), "b": Array(repeating: zero, count: 5)], timelines: [])
        let svg = SVGCharts.medians(suite)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
        #expect(!svg.contains("nan") && !svg.contains("inf"), "every coordinate is a number")
    }
}
