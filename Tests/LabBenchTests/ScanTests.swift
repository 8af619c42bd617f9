import Foundation
import LabConsole
import Testing

@testable import LabBench
@testable import LabCore

/// Scans: the curve's conclusion for each shape it can take, the command line's checks, and
/// a small scan measured end to end into every format.
@Suite("Scans")
struct ScanTests {
    static func points(_ medians: [Int: Double]) -> [ScanResult.Point] {
        medians.keys.sorted().map {
            ScanResult.Point(
                value: $0, median: medians[$0]!, low: medians[$0]! * 0.98, high: medians[$0]! * 1.02,
                allocationsPerOperation: nil)
        }
    }

    static func conclusion(
        _ medians: [Int: Double], ideal: [Int: Double] = [:], width: Int = 2, bound: Scan.Bound = .width
    ) -> String {
        ScanAnalysis.conclusion(
            parameter: "tasks", bound: bound, series: [.init(variant: "task group", points: points(medians))],
            ideal: ideal.keys.sorted().map { .init(value: $0, seconds: ideal[$0]!) }, executorWidth: width)
    }

    @Test func aCurveThatFlattensAtTheExecutorWidthIsSaidToBeTheWidth() {
        let text = Self.conclusion(
            [1: 0.040, 2: 0.021, 4: 0.0205, 8: 0.0208, 16: 0.021],
            ideal: [1: 0.040, 2: 0.020, 4: 0.020, 8: 0.020, 16: 0.020])
        expectContains(
            text, "1.9× faster at tasks = 2 than at 1, flat beyond 2 tasks: the executor width (2)", "\(text)")
        expectContains(text, "within 5% of the ideal at every point", "\(text)")
    }

    @Test func aCurveThatFlattensElsewhereNamesTheWidthApart() {
        let text = Self.conclusion([1: 0.040, 2: 0.030, 4: 0.020, 8: 0.0199, 16: 0.0198], width: 2)
        expectContains(text, "flat beyond 4 tasks (the executor width is 2)", "\(text)")
    }

    @Test func aCurveStillImprovingAtItsLastValueSaysSo() {
        let text = Self.conclusion([1: 0.080, 2: 0.040, 4: 0.020, 8: 0.010], bound: .latency)
        expectContains(text, "still improving at tasks = 8: 8× faster than at 1", "\(text)")
    }

    @Test func aCurveThatOnlyGetsSlowerSaysWhereItIsFastest() {
        let text = Self.conclusion([1: 0.010, 2: 0.020, 4: 0.031, 8: 0.045])
        expectContains(text, "task group: fastest at tasks = 1; 4.5× as long at tasks = 8", "\(text)")
        expectNotContains(text, "flat", "\(text)")
    }

    @Test func aCurveThatGetsSlowerAgainSaysWhere() {
        let text = Self.conclusion([1: 0.040, 2: 0.020, 4: 0.021, 8: 0.026, 16: 0.030])
        expectContains(text, "flat beyond 2 tasks", "\(text)")
        expectContains(text, "slower again at tasks = 16 (1.5× its best)", "\(text)")
    }

    @Test func theFurthestPointFromTheIdealIsNamedAndAModelThatIsBeatenIsQuestioned() {
        let over = Self.conclusion([1: 0.040, 2: 0.030], ideal: [1: 0.040, 2: 0.020])
        expectContains(over, "furthest from the ideal at tasks = 2 (50% over it)", "\(over)")
        let under = Self.conclusion([1: 0.040, 2: 0.015], ideal: [1: 0.040, 2: 0.020])
        expectContains(
            under, "25% faster than the ideal at tasks = 2: the ideal's model misses something here",
            "\(under)")
    }

    @Test func theKneeIsTheFirstValueNothingLaterBeatsByMoreThanTenPercent() {
        expect(ScanAnalysis.knee(Self.points([1: 10, 2: 5, 4: 4.6, 8: 4.7]))?.value == 2)
        expect(ScanAnalysis.knee(Self.points([1: 10, 2: 5, 4: 4.4, 8: 4.7]))?.value == 4)
        expect(ScanAnalysis.knee(Self.points([1: 10, 2: 5, 4: 2.5]))?.value == nil)
        expect(ScanAnalysis.knee(Self.points([1: 10]))?.value == nil)
    }

    @Test func sparklinesShareOneScale() {
        expectEqual(ScanReport.sparkline([8, 4, 2, 1], maximum: 8), "█▄▂▁")
        expectEqual(ScanReport.sparkline([8, 8, 8], maximum: 8), "███", "a flat curve is flat, not noise blown up")
        expectEqual(ScanReport.sparkline([1, 1], maximum: 0), "▁▁")
    }

    static let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-scan-\(UUID().uuidString)"
        ).path
    ]

    /// A suite whose time per run is its parameter in milliseconds ÷ 2, at least 1 ms: flat from 2 on.
    static let scannable = BenchmarkSuite(
        name: "tiny sleeps", kind: .pattern, summary: "sleep", reference: "sleep",
        scan: Scan(parameter: "n", defaults: [1, 2, 4], bound: .width) { value, width in
            BenchmarkSuite(
                name: "tiny sleeps", kind: .pattern, summary: "sleep", reference: "sleep",
                ideal: Ideal(seconds: 0.002 / Double(min(value, width)), reason: "2 ms ÷ min(n, width)"),
                variants: [BenchmarkVariant("sleep") { _ in try? await Task.sleep(for: .milliseconds(2)) }])
        },
        variants: [BenchmarkVariant("sleep") { _ in }])

    @Test func badScanRequestsAreOneLineUsageErrors() async {
        let command = BenchCommand(suites: [Self.scannable, Fixture.plainSuite], environment: Self.environment)
            .probingInstantly()
        #expect(await command.run(["--scan", "nothing like it", "--allow-debug"]) == 2)
        #expect(await command.run(["--scan", "plain", "--allow-debug"]) == 2, "a suite without a scan")
        #expect(await command.run(["--scan", "tiny", "k=1,2", "--allow-debug"]) == 2, "another parameter")
        #expect(await command.run(["--scan", "tiny", "n=1", "--allow-debug"]) == 2, "one value is no curve")
        #expect(await command.run(["--scan", "tiny", "n=1,x", "--allow-debug"]) == 2)
        #expect(await command.run(["--scan", "tiny", "n=0,2", "--allow-debug"]) == 2)
        #expect(await command.run(["--scan", "tiny", "n=2,2", "--allow-debug"]) == 2)
        #expect(await command.run(["--scan", "tiny", "n=1,99999", "--allow-debug"]) == 2)
        #expect(await command.run(["--scan", "tiny", "--save-baseline", "x", "--allow-debug"]) == 2)
        #expect(await command.run(["tiny", "n=1,2", "--allow-debug"]) == 2, "values without --scan")
    }

    @Test func aScanIsMeasuredAndWrittenInEveryFormat() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-scan-out-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let command = BenchCommand(suites: [Self.scannable], environment: Self.environment).probingInstantly()
        let status = await command.run([
            "--scan", "tiny sleeps", "n=1,2,4", "--allow-debug", "--samples", "5", "--time", "0.2",
            "--format", "md,json,csv,html", "--out", out, "--no-color",
        ])
        expectEqual(status, 0)
        let report = try BenchmarkReport.decode(Data(contentsOf: URL(fileURLWithPath: "\(out)/report.json")))
        let scan = try unwrap(report.scans?.first)
        expect(scan.values == [1, 2, 4] && scan.parameter == "n")
        expectEqual(scan.series.first?.points.count, 3)
        expectEqual(scan.ideal.map(\.value), [1, 2, 4])
        expectEqual(report.suites.map(\.name), ["tiny sleeps [n = 1]", "tiny sleeps [n = 2]", "tiny sleeps [n = 4]"])
        expect(!scan.conclusion.isEmpty)
        let markdown = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        expectContains(markdown, "## tiny sleeps: scan over n")
        let rows = CSVParser.rows(try String(contentsOfFile: "\(out)/scan.csv", encoding: .utf8))
        expect(rows.first == ScanReport.csvColumns && rows.count == 1 + 3)
        let html = try String(contentsOfFile: "\(out)/report.html", encoding: .utf8)
        expect(html.contains("aria-label=\"tiny sleeps over n\"") && html.contains("class=\"ideal\""))
        let terminal = TerminalReport.render(report, terminal: .plain())
        expect(terminal.contains("tiny sleeps — scan over n") && terminal.contains("→ sleep:"))
    }
}

extension Fixture {
    static let plainSuite = BenchmarkSuite(
        name: "plain", kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
}
