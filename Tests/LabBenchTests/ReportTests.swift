import Foundation
import LabConsole
import Testing

@testable import LabBench
@testable import LabCore
@testable import LabTrace

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A report built from fixed samples, so format tests do not depend on timing.
enum Fixture {
    static func sample(_ seconds: Double) -> Sample {
        Sample(
            iterations: 1, wallSeconds: seconds, cpuSeconds: seconds / 2, voluntarySwitches: 3, involuntarySwitches: 1,
            peakMemoryBytes: 20_000_000, threads: 4, figures: [],
            allocations: AllocationCounts(mallocs: 4, frees: 4, bytes: 1392))
    }

    static func suite(_ name: String = "fan-out, \"quoted\"", slow: Double = 0.040, fast: Double = 0.011) -> SuiteResult
    {
        let definition = BenchmarkSuite(
            name: name, kind: .pattern, summary: "a test suite", reference: "sequential",
            ideal: Ideal(seconds: 0.010, reason: "the slowest call"),
            variants: [BenchmarkVariant("sequential") { _ in }, BenchmarkVariant("task group") { _ in }])
        // Typed closures and a typed literal: untyped, this dictionary took over a second to type-check.
        let sequential: [Sample] = (0..<12).map { (index: Int) -> Sample in
            sample(slow + Double(index % 4) * 0.0002)
        }
        let taskGroup: [Sample] = (0..<12).map { (index: Int) -> Sample in
            sample(fast + Double(index % 3) * 0.0001)
        }
        let samples: [String: [Sample]] = ["sequential": sequential, "task group": taskGroup]
        let span = Span(
            id: 0, parent: nil, name: "call <1> & co", lane: "rover \"A\"", kind: .suspending,
            isolation: .nonisolated, start: 0, end: 0.01, startThread: 1, endThread: 2)
        return Analysis.analyze(definition, samples: samples, timelines: [.init(variant: "task group", spans: [span])])
    }

    static func report(_ suites: [SuiteResult] = [suite()]) -> BenchmarkReport {
        BenchmarkReport(
            schema: BenchmarkReport.schema, createdAt: "2026-11-21T00:00:00Z",
            environment: .init(machine: .current(), executorWidth: 2),
            plan: .init(samples: 12, budgetSeconds: 3, quick: true), suites: suites)
    }
}

@Suite("Reports parse back")
struct ReportTests {
    @Test func analysisComparesWithTheReferenceAndTheIdeal() throws {
        let suite = Fixture.suite()
        let group = try unwrap(suite.variant("task group"))
        expect(group.isSignificant)
        expectBelow(abs(group.ratio - 0.011 / 0.0403), 0.01)
        expect(group.ratioLow <= group.ratio && group.ratio <= group.ratioHigh)
        expectBelow(abs((group.efficiency ?? 0) - 0.010 / 0.0111), 0.02)
        expect(
            suite.conclusion.hasPrefix(
                "Fastest: task group (11.1 ms, 90% of ideal). Against sequential: task group is 3.6"),
            "\(suite.conclusion)")
        let referenceFastest = Fixture.suite(slow: 0.011, fast: 0.040).conclusion
        expect(
            referenceFastest.hasPrefix(
                "Fastest: sequential (11.3 ms, 88% of ideal). Against sequential: task group takes 3.55× as long."),
            "\(referenceFastest)")
    }

    @Test func aSuitesHeadlineFigureLeadsItsConclusion() {
        let definition = BenchmarkSuite(
            name: "frames", kind: .pattern, summary: "", reference: "awaited", headline: "frames dropped",
            variants: [BenchmarkVariant("awaited") { _ in }, BenchmarkVariant("blocking") { _ in }])
        func sample(_ index: Int, dropped: Double) -> Sample {
            var sample = Fixture.sample(0.09 + Double(index) * 1e-4)
            sample.figures = [
                .count("frames dropped", Int(dropped)), .seconds("worst frame", 0.0167 * (dropped + 1)),
            ]
            return sample
        }
        let result = Analysis.analyze(
            definition,
            samples: [
                "awaited": (0..<8).map { sample($0, dropped: 0) },
                "blocking": (0..<8).map { sample($0, dropped: 2) },
            ])
        expect(
            result.conclusion.hasPrefix("Frames dropped (median; lower is better): awaited 0, blocking 2. Time: "),
            "\(result.conclusion)")
        expectContains(
            result.conclusion, "Median worst frame: awaited 16.7 ms, blocking 50.1 ms.", "\(result.conclusion)"
        )
        expectNotContains(result.conclusion, "Median frames dropped", "the headline is not repeated")
    }

    @Test func jsonRoundTripsWithItsSchema() throws {
        let report = Fixture.report()
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expectEqual(decoded.schema, "concurrency-lab.bench/4")
        expectEqual(
            decoded.suites.first?.variants.first?.allocationsPerOperation,
            AllocationRates(mallocs: 4, frees: 4, bytes: 1392))
        expectEqual(decoded.suites.first?.variants.count, 2)
        expectEqual(decoded.suites.first?.variants.first?.samples, report.suites.first?.variants.first?.samples)
        let object = try unwrap(try JSONSerialization.jsonObject(with: try report.encoded()) as? [String: Any])
        expectEqual(Set(object.keys), ["schema", "created_at", "environment", "plan", "suites"])
    }

    /// Baselines saved before allocation counts (schema 1) still load and compare.
    @Test func aSchemaOneFileIsReadWithoutAllocations() throws {
        var object = try unwrap(
            try JSONSerialization.jsonObject(with: try Fixture.report().encoded()) as? [String: Any])
        object["schema"] = "concurrency-lab.bench/1"
        var suites = try unwrap(object["suites"] as? [[String: Any]])
        for suiteIndex in suites.indices {
            var variants = try unwrap(suites[suiteIndex]["variants"] as? [[String: Any]])
            for variantIndex in variants.indices {
                variants[variantIndex]["allocations_per_operation"] = nil
                variants[variantIndex]["samples"] = (variants[variantIndex]["samples"] as? [[String: Any]])?.map {
                    sample in
                    var old = sample
                    old["allocations"] = nil
                    return old
                }
            }
            suites[suiteIndex]["variants"] = variants
        }
        object["suites"] = suites
        let old = try BenchmarkReport.decode(try JSONSerialization.data(withJSONObject: object))
        expectEqual(old.suites.first?.variants.first?.allocationsPerOperation, nil)
        expectContains(TerminalReport.render(old, terminal: .plain()), "allocs/op")
        let comparison = Comparison(baseline: old, current: Fixture.report(), thresholdPercent: 5)
        expectEqual(comparison.exitStatus, 0)
    }

    @Test func everyFormatShowsAllocationsPerOperation() throws {
        let report = Fixture.report()
        let terminal = TerminalReport.render(report, terminal: .plain())
        expectContains(terminal, "allocs/op")
        expect(terminal.split(separator: "\n").contains { $0.contains("task group") && $0.contains(" 4 ") })
        expectContains(MarkdownReport.render(report), "| allocs/op | frees/op | bytes/op |")
        expectContains(MarkdownReport.render(report), "| 4 | 4 | 1.36 KiB |")
        let rows = CSVParser.rows(CSVReport.render(report))
        let mallocs = try unwrap(rows[0].firstIndex(of: "mallocs"))
        expect(rows[1][mallocs] == "4" && rows[1][mallocs + 1] == "4" && rows[1][mallocs + 2] == "1392")
        expectContains(HTMLReport.render(report), "<th>allocs/op</th>")
    }

    @Test func aFileWithAnotherSchemaIsRefused() throws {
        var report = Fixture.report()
        report.schema = "something-else/9"
        #expect(throws: BenchError.unsupportedSchema("something-else/9")) {
            try BenchmarkReport.decode(try report.encoded())
        }
    }

    @Test func csvHasOneRowPerSampleAndQuotesWhereNeeded() throws {
        let text = CSVReport.render(Fixture.report())
        let rows = CSVParser.rows(text)
        expectEqual(rows.first, CSVReport.columns)
        expectEqual(rows.count, 1 + 24)
        expect(rows.dropFirst().allSatisfy { $0.count == CSVReport.columns.count })
        expectEqual(rows[1][0], "fan-out, \"quoted\"", "commas and quotes survive the round trip")
        expectNotEqual(Double(rows[1][6]), nil)
    }

    @Test func markdownHasATablePerSuite() {
        let text = MarkdownReport.render(Fixture.report([Fixture.suite("one"), Fixture.suite("two")]))
        expectEqual(text.components(separatedBy: "| variant |").count, 3)
        expect(text.contains("## one") && text.contains("## two"))
    }

    @Test func htmlIsWellFormedAndSelfContained() throws {
        let html = HTMLReport.render(Fixture.report())
        expect(!html.contains("http://") || !html.contains("src="), "no external assets")
        expectNotContains(html, "<script")
        let parser = XMLParser(data: Data(html.utf8))
        let delegate = ElementCounter()
        parser.delegate = delegate
        expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        expectAtLeast(delegate.counts["svg", default: 0], 2, "a chart and a timeline")
        expectEqual(delegate.counts["circle", default: 0], 24, "every sample is drawn")
        expectContains(html, "call &lt;1&gt; &amp; co", "text is escaped")
    }

    @Test func terminalReportNamesEveryVariantAndConcludes() {
        let text = TerminalReport.render(Fixture.report(), terminal: .plain(width: 120))
        expect(text.contains("sequential") && text.contains("task group") && text.contains("→ Fastest: task group"))
    }
}

final class ElementCounter: NSObject, XMLParserDelegate {
    var counts: [String: Int] = [:]
    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[element, default: 0] += 1
    }
}

/// RFC 4180 rows, for checking the CSV from the outside.
enum CSVParser {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
        }
        return rows
    }
}

@Suite("Samples from several processes")
struct ProcessSpreadTests {
    @Test func processMediansAndSpreadAreReportedAndExplained() throws {
        let definition = BenchmarkSuite(
            name: "spread", kind: .primitive, summary: "", reference: "a",
            variants: [BenchmarkVariant("a") { _ in }])
        func tagged(_ seconds: Double, _ process: Int) -> Sample {
            var sample = Fixture.sample(seconds)
            sample.process = process
            return sample
        }
        let firstProcess: [Sample] = (0..<6).map { (index: Int) -> Sample in
            tagged(1.0e-8 + Double(index) * 1e-11, 1)
        }
        let secondProcess: [Sample] = (0..<6).map { (index: Int) -> Sample in
            tagged(1.3e-8 + Double(index) * 1e-11, 2)
        }
        let samples: [String: [Sample]] = ["a": firstProcess + secondProcess]
        let result = Analysis.analyze(definition, samples: samples)
        let variant = try unwrap(result.variant("a"))
        expectEqual(variant.processMedians?.count, 2)
        expectBelow(abs((variant.processSpread ?? 0) - 0.3), 0.01)
        expectContains(result.conclusion, "differed by up to 30%")
        let decoded = try BenchmarkReport.decode(try Fixture.report([result]).encoded())
        expectEqual(decoded.suites[0].variants[0].processMedians?.count, 2, "process medians survive the JSON")
    }
}
