import Foundation
import LabCore
import Testing

@testable import LabBench

/// Each export has the shape its readers expect (as docs/BENCH-SCHEMA.md describes it).
@Suite("Exports: github-action-benchmark, JMH, percentiles")
struct ExportTests {
    /// The fixture with executor hops counted, as a schema-3 run records them.
    static func report() -> BenchmarkReport {
        let definition = BenchmarkSuite(
            name: "actor calls", kind: .primitive, summary: "", reference: "inside",
            variants: [BenchmarkVariant("inside") { _ in }, BenchmarkVariant("passed in") { _ in }])
        func samples(_ seconds: Double, switches: Int) -> [Sample] {
            (0..<15).map { index in
                var sample = Fixture.sample(seconds * Double(1000 + index))
                sample = Sample(
                    iterations: 1000, wallSeconds: sample.wallSeconds, cpuSeconds: sample.cpuSeconds,
                    voluntarySwitches: 0, involuntarySwitches: 0, peakMemoryBytes: 1, threads: 2, figures: [],
                    process: 1 + index % 3, allocations: AllocationCounts(mallocs: 0, frees: 0, bytes: 0),
                    hops: HopCounts(switches: switches, enqueues: 0))
                return sample
            }
        }
        let primitive = Analysis.analyze(
            definition, samples: ["inside": samples(9e-9, switches: 0), "passed in": samples(25e-9, switches: 2000)])
        return Fixture.report([primitive, Fixture.suite()])
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func gitHubActionBenchmarkIsAnArrayOfNameUnitValueEntries() throws {
        let entries = try unwrap(try json(try GitHubBenchmarkExport.render(Self.report())) as? [[String: Any]])
        expect(!entries.isEmpty)
        for entry in entries {
            expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
            expect(entry["name"] is String && entry["unit"] is String)
            let value = try unwrap(entry["value"] as? Double)
            expect(value.isFinite && value >= 0)
            if let range = entry["range"] { expect(range is String) }
        }
        let names = entries.compactMap { $0["name"] as? String }
        expectEqual(Set(names).count, names.count, "names are unique: the action keys its history by name")
        let passedIn = try unwrap(entries.first { $0["name"] as? String == "actor calls / passed in" })
        expect(passedIn["unit"] as? String == "ns/op")
        expectBelow(abs((passedIn["value"] as? Double ?? 0) - 25e-9 * 1007 / 1000 * 1e9), 0.01)
        expect(
            entries.contains {
                $0["name"] as? String == "actor calls / passed in — executor switches" && $0["value"] as? Double == 2
            })
        expect(entries.contains { $0["unit"] as? String == "ms/run" }, "patterns per run")
    }

    @Test func jmhJSONHasJMHsFieldsAndOrderedPercentiles() throws {
        let results = try unwrap(try json(try JMHExport.render(Self.report())) as? [[String: Any]])
        expectEqual(results.count, 4)
        for result in results {
            expect(result["benchmark"] is String)
            expect(result["mode"] as? String == "avgt")
            expect(result["forks"] is Int && result["threads"] is Int && result["measurementIterations"] is Int)
            let primary = try unwrap(result["primaryMetric"] as? [String: Any])
            expect(primary["score"] is Double && primary["scoreError"] is Double)
            expectEqual((primary["scoreConfidence"] as? [Double])?.count, 2)
            expect(primary["scoreUnit"] as? String == "ns/op")
            let percentiles = try unwrap(primary["scorePercentiles"] as? [String: Double])
            let keys = JMHExport.percentiles.map(\.key)
            expectEqual(Set(percentiles.keys), Set(keys))
            let values = keys.compactMap { percentiles[$0] }
            expectEqual(values, values.sorted(), "percentiles never decrease")
            let raw = try unwrap(primary["rawData"] as? [[Double]])
            let rawIterations: Int = raw.map(\.count).reduce(0, +)
            expect(rawIterations == result["measurementIterations"] as? Int)
            expect(result["secondaryMetrics"] is [String: Any])
        }
        let passedIn = try unwrap(results.first { $0["benchmark"] as? String == "actor calls.passed in" })
        expect(passedIn["forks"] as? Int == 3, "one fork per worker process")
        let secondary = try unwrap(passedIn["secondaryMetrics"] as? [String: [String: Any]])
        expect(secondary["·lab.executor.switches.norm"]?["score"] as? Double == 2)
    }

    @Test func percentilesHaveARowPerVariantAndPercentileAndNeverDecrease() throws {
        let report = Self.report()
        let lines = PercentileExport.render(report).split(separator: "\n").map(String.init)
        expectEqual(lines.first, PercentileExport.columns.joined(separator: ","))
        let variants = report.suites.flatMap(\.variants)
        expectEqual(lines.count, 1 + variants.count * PercentileExport.percentiles.count)
        // Quoted suite names hold commas: the last two fields are the figure and the count.
        let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        for start in stride(from: 0, to: rows.count, by: PercentileExport.percentiles.count) {
            let figures = rows[start..<start + PercentileExport.percentiles.count].compactMap {
                Double($0[$0.count - 2])
            }
            expect(figures.count == PercentileExport.percentiles.count && figures == figures.sorted())
        }
    }

    @Test func schemaThreeRoundTripsHopsAndASchemaTwoFileStillLoads() throws {
        let report = Self.report()
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expectEqual(decoded.schema, "concurrency-lab.bench/4")
        expectEqual(decoded.suites.first?.variant("passed in")?.hopsPerOperation, 2)
        expectEqual(
            decoded.suites.first?.variant("passed in")?.samples.first?.hops, HopCounts(switches: 2000, enqueues: 0))
        var object = try unwrap(try JSONSerialization.jsonObject(with: try report.encoded()) as? [String: Any])
        object["schema"] = "concurrency-lab.bench/2"
        var suites = try unwrap(object["suites"] as? [[String: Any]])
        for suiteIndex in suites.indices {
            var variants = try unwrap(suites[suiteIndex]["variants"] as? [[String: Any]])
            for variantIndex in variants.indices {
                variants[variantIndex]["hops_per_operation"] = nil
                variants[variantIndex]["enqueues_per_operation"] = nil
                variants[variantIndex]["samples"] = (variants[variantIndex]["samples"] as? [[String: Any]])?.map {
                    var old = $0
                    old["hops"] = nil
                    return old
                }
            }
            suites[suiteIndex]["variants"] = variants
        }
        object["suites"] = suites
        let old = try BenchmarkReport.decode(try JSONSerialization.data(withJSONObject: object))
        expectEqual(old.suites.first?.variant("passed in")?.hopsPerOperation, nil)
        // And it compares: counts absent on one side gate on time alone.
        expect(Comparison(baseline: old, current: report, thresholdPercent: 5).breaches.isEmpty)
    }

    @Test func theAnalysisNeverCallsAReportFormatter() throws {
        // Issue 27: workers send samples; the analysis must not depend on any report's layout.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/LabBench")
        for file in ["Analysis.swift", "Verdict.swift", "ScanAnalysis.swift", "Breach.swift"] {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for formatter in ["Format.", "TerminalReport", "MarkdownReport", "HTMLReport", "CSVReport"] {
                expectNotContains(text, formatter, "\(file) calls \(formatter)")
            }
        }
    }
}
