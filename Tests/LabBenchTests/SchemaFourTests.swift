import Foundation
import Testing

@testable import LabBench
@testable import LabCore

/// Schema 4: typed figures (name, value, unit, which way is better) in place of numbers by key,
/// and retains per operation. A schema-3 file, with its figures as `extra` numbers by key and no
/// retains, still loads, reads as typed figures, and compares.
@Suite("Results schema 4: typed figures and retains; schema 3 still read")
struct SchemaFourTests {
    static func report() -> BenchmarkReport {
        let definition = BenchmarkSuite(
            name: "frames", kind: .pattern, summary: "", reference: "awaited", headline: "frames dropped",
            variants: [BenchmarkVariant("awaited") { _ in }, BenchmarkVariant("blocking") { _ in }])
        func samples(dropped: Int) -> [Sample] {
            (0..<8).map { index in
                var sample = Fixture.sample(0.09 + Double(index) * 1e-4)
                sample.figures = [
                    .count("frames dropped", dropped), .seconds("worst frame", 0.0167 * Double(dropped + 1)),
                ]
                sample.retains = RetainCounts(retains: 10 * dropped, releases: 10 * dropped)
                return sample
            }
        }
        return Fixture.report([
            Analysis.analyze(definition, samples: ["awaited": samples(dropped: 0), "blocking": samples(dropped: 2)])
        ])
    }

    @Test func figuresRoundTripWithTheirUnitsAndWhichWayIsBetter() throws {
        let report = Self.report()
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expectEqual(decoded.schema, "concurrency-lab.bench/4")
        let blocking = try unwrap(decoded.suites[0].variant("blocking"))
        // A typed literal: inside #expect, `[.count(...), .seconds(...)]` was slow to type-check.
        let expectedFigures: [Figure] = [.count("frames dropped", 2), .seconds("worst frame", 0.0167 * 3)]
        expectEqual(blocking.figures, expectedFigures)
        expectEqual(blocking.figure("frames dropped")?.better, .lower)
        expectEqual(blocking.samples[0].figures, report.suites[0].variant("blocking")?.samples[0].figures)
        expectEqual(blocking.retainsPerOperation, RetainRates(retains: 20, releases: 20))
        let json = String(decoding: try report.encoded(), as: UTF8.self)
        expect(json.contains("\"unit\" : \"seconds\"") && json.contains("\"better\" : \"lower\""))
        expectNotContains(json, "\"extra\"")
    }

    /// The report as schema 3 wrote it: `extra` numbers by key, no retains, no figures.
    static func asSchemaThree(_ report: BenchmarkReport) throws -> Data {
        var object = try unwrap(try JSONSerialization.jsonObject(with: try report.encoded()) as? [String: Any])
        object["schema"] = "concurrency-lab.bench/3"
        func old(_ figures: Any?) -> [String: Any] {
            var extra: [String: Any] = [:]
            for figure in figures as? [[String: Any]] ?? [] {
                let name = (figure["name"] as? String ?? "").replacingOccurrences(of: " ", with: "_")
                extra[figure["unit"] as? String == "seconds" ? name + "_seconds" : name] = figure["value"]
            }
            return extra
        }
        var suites = try unwrap(object["suites"] as? [[String: Any]])
        for suiteIndex in suites.indices {
            var variants = try unwrap(suites[suiteIndex]["variants"] as? [[String: Any]])
            for variantIndex in variants.indices {
                var variant = variants[variantIndex]
                variant["extra"] = old(variant.removeValue(forKey: "figures"))
                variant["retains_per_operation"] = nil
                variant["samples"] = (variant["samples"] as? [[String: Any]])?.map { sample in
                    var sample = sample
                    sample["extra"] = old(sample.removeValue(forKey: "figures"))
                    sample["retains"] = nil
                    return sample
                }
                variants[variantIndex] = variant
            }
            suites[suiteIndex]["variants"] = variants
        }
        object["suites"] = suites
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func aSchemaThreeFileReadsItsExtrasAsFiguresAndCompares() throws {
        let report = Self.report()
        let data = try Self.asSchemaThree(report)
        expectContains(String(decoding: data, as: UTF8.self), "worst_frame_seconds")
        let old = try BenchmarkReport.decode(data)
        expectEqual(old.schema, "concurrency-lab.bench/3")
        let blocking = try unwrap(old.suites[0].variant("blocking"))
        // The unit from the key's suffix; which way is better was not recorded then.
        expectEqual(
            blocking.figures.sorted { $0.name < $1.name },
            [Figure("frames dropped", 2, unit: .count), Figure("worst frame", 0.0167 * 3, unit: .seconds)])
        expectEqual(blocking.samples[0].figures.count, 2)
        expectEqual(blocking.retainsPerOperation, nil)
        expectContains(MarkdownReport.render(old), "| frames dropped |")
        // Retains absent on one side gate on the rest.
        let comparison = Comparison(baseline: old, current: report, thresholdPercent: 5)
        expect(comparison.breaches.isEmpty && comparison.exitStatus == 0)
    }
}
