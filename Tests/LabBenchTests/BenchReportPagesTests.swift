import Foundation
import LabBenchmarks
import Testing

@testable import LabBench
@testable import LabCore
@testable import LabTrace

@Suite("lab bench --out: the HTML report beside the JSON, each suite linked to its lesson's page")
final class BenchReportPagesTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-bench-\(UUID().uuidString)"
        ).path
    ]

    // Each test has an instance, and a home, of its own: gone when the test ends.
    deinit { try? FileManager.default.removeItem(atPath: environment["CONCURRENCY_LAB_HOME"]!) }

    @Test func outAloneWritesTheJSONAndTheHTMLReport() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        // A suite named as one of the lab's, so its report links to a lesson page.
        let suite = BenchmarkSuite(
            name: "sliding window", kind: .primitive, summary: "", reference: "a",
            variants: [
                BenchmarkVariant("a") { iterations in BlackHole.consume(iterations) },
                BenchmarkVariant("b") { iterations in for i in 0..<iterations { BlackHole.consume(i) } },
            ])
        let status = await BenchCommand(suites: [suite], environment: environment).probingInstantly().run([
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--out", out.path, "--no-color",
        ])
        expectEqual(status, 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        expectEqual(files, ["report.html", "report.json"])
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        expectContains(html, "<a href=\"pages/task-groups.html\">")
    }

    @Test func withoutOutOnlyTheTerminalReportIsTheDefault() {
        expectEqual(SuiteLessons.defaultFormats(outGiven: false), ["terminal"])
    }

    /// Every suite of the lab's catalog but the harness's own costs (its overhead, what its
    /// counters cost) times a lesson's pattern.
    @Test func everyPatternSuiteLinksToALesson() {
        let unlinked = BenchmarkCatalog.all().map(\.name).filter { SuiteLessons.lesson(ofSuite: $0) == nil }
        expectEqual(
            unlinked,
            [
                "harness overhead", "measurement cost: allocation counter", "measurement cost: hop counter",
                "measurement cost: retain counter",
            ])
    }
}
