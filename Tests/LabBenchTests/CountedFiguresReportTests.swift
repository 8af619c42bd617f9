import Foundation
import LabConsole
import Testing

@testable import LabBench
@testable import LabCore

/// Hops and retains per operation, where a run counted them, in every format; where it did
/// not, every report says why (a program that does not link the counters).
@Suite("Reports show hops and retains, or why they were not counted")
struct CountedFiguresReportTests {
    static func report(counted: Bool) -> BenchmarkReport {
        let definition = BenchmarkSuite(
            name: "copies", kind: .primitive, summary: "", reference: "borrowed",
            variants: [BenchmarkVariant("borrowed") { _ in }, BenchmarkVariant("copied") { _ in }])
        func samples(retains: Int) -> [Sample] {
            (0..<12).map { index in
                var sample = Fixture.sample(1e-6 * (1 + Double(index) * 0.001))
                if counted {
                    sample.hops = HopCounts(switches: 2, enqueues: 0)
                    sample.retains = RetainCounts(retains: retains, releases: retains)
                }
                return sample
            }
        }
        let result = Analysis.analyze(
            definition, samples: ["borrowed": samples(retains: 0), "copied": samples(retains: 3)])
        var report = Fixture.report([result])
        report.environment.hopCounting = counted ? "counted" : HopCounter.notCountedReason
        report.environment.retainCounting = counted ? "counted" : RetainCounter.notCountedReason
        return report
    }

    @Test func everyFormatShowsRetainsPerOperationWhereCounted() throws {
        let report = Self.report(counted: true)
        let copied = try unwrap(report.suites[0].variant("copied"))
        expectEqual(copied.retainsPerOperation, RetainRates(retains: 3, releases: 3))
        expectContains(report.suites[0].conclusion, "Retains per operation: borrowed 0, copied 3.")
        let terminal = TerminalReport.render(report, terminal: .plain(width: 160))
        expect(terminal.contains("retains/op") && terminal.contains("hops/op"))
        expect(terminal.split(separator: "\n").contains { $0.hasPrefix("  copied") && $0.contains(" 3 ") })
        let markdown = MarkdownReport.render(report)
        expectContains(markdown, "| hops/op | retains/op | releases/op |")
        expectContains(markdown, "| 2 | 3 | 3 |")
        let rows = CSVParser.rows(CSVReport.render(report))
        let retains = try unwrap(rows[0].firstIndex(of: "retains"))
        let copiedRow = try unwrap(rows.first { $0[2] == "copied" })
        expect(copiedRow[retains] == "3" && copiedRow[retains + 1] == "3")
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expectEqual(decoded.suites[0].variant("copied")?.retainsPerOperation, RetainRates(retains: 3, releases: 3))
        expectEqual(decoded.suites[0].variant("copied")?.samples[0].retains, RetainCounts(retains: 3, releases: 3))
        let json = String(decoding: try report.encoded(), as: UTF8.self)
        expect(json.contains("\"retains_per_operation\"") && json.contains("\"retain_counting\" : \"counted\""))
    }

    @Test func aProgramWithoutTheCountersSaysHowToCount() {
        let report = Self.report(counted: false)
        let terminal = TerminalReport.render(report, terminal: .plain(width: 400))
        expectContains(
            terminal, "hops/op: executor hops are not counted in this program (link LabHopCounter to count")
        expectContains(
            terminal, "retains/op: retains and releases are not counted in this program (link LabRetainCounter to count"
        )
        expect(!terminal.contains("  variant") || !terminal.contains("retains/op  "), "no empty column")
        let markdown = MarkdownReport.render(report)
        expectContains(markdown, "not counted in this program (link LabHopCounter to count")
        expectContains(markdown, "| – | – | – |")
    }
}
