import Foundation
import Testing

@testable import LabBench
@testable import LabCore
@testable import LabTrace

/// `lab bench`'s report.html in headless Chromium at a desktop's, a projector's and a phone's
/// width, with a suite whose table is as wide as the lab's widest (counters under contention:
/// a long reference, figures of its own as extra columns).
@Suite(
    "The bench report in a headless browser", .serialized,
    .enabled(
        if: HeadlessChromium.path != nil,
        "no headless Chromium found (apt-get install chromium): the bench report's browser checks are skipped"))
final class BenchReportPageTests {
    let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-bench-page-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    deinit { try? FileManager.default.removeItem(at: folder) }

    static func report() -> BenchmarkReport {
        let names = ["unsafe class", "actor, uncontended", "Mutex", "Atomic"]
        let definition = BenchmarkSuite(
            name: "counters under contention", kind: .pattern, summary: "two tasks increment one counter",
            reference: "Mutex", variants: names.map { BenchmarkVariant($0) { _ in } })
        var samples: [String: [Sample]] = [:]
        for (index, name) in names.enumerated() {
            samples[name] = (0..<12).map { sample in
                Sample(
                    iterations: 1, wallSeconds: 0.004 + Double(index) * 0.001 + Double(sample) * 1e-5,
                    cpuSeconds: 0.004, voluntarySwitches: 80_004, involuntarySwitches: 3,
                    peakMemoryBytes: 20_000_000, threads: 4,
                    figures: [
                        .count("lost updates", sample), .count("started together", 2),
                        .count("executor switches", 80_004),
                    ],
                    allocations: AllocationCounts(mallocs: 47, frees: 47, bytes: 14_438))
            }
        }
        return BenchmarkReport(
            schema: BenchmarkReport.schema, createdAt: "2026-12-01T00:00:00Z",
            environment: .init(machine: .current(), executorWidth: 2),
            plan: .init(samples: 12, budgetSeconds: 3, quick: true),
            suites: [Analysis.analyze(definition, samples: samples)])
    }

    /// The lab's quick run at 1280 px: six suites' tables ran out of their cards (counters
    /// under contention's by 114 px, its last two columns on the grey page); at 1024 px they
    /// made the whole page scroll sideways; on a phone the charts, scaled to the card, drew
    /// their labels about 4 px tall.
    @Test func theReportFitsEveryWidth() async throws {
        let page = folder.appendingPathComponent("report.html")
        try Data(HTMLReport.render(Self.report()).utf8).write(to: page)
        for load in try await HeadlessChromium.load(page: page, widths: BrowserPageTests.widths) {
            expect(load.consoleLines.isEmpty, "\(load.consoleLines)")
            BrowserPageTests.expectFits(load, page: "bench report")
        }
    }
}
