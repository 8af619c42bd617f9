import Foundation
import LabBench
import Testing

/// The harness as a package that depends on it uses it: only what LabBench makes public
/// (this target imports nothing else, and nothing @testable). Each test drives the command
/// line the way a benchmark program's user does, and checks what it promises.
@Suite("LabBench public API", .serialized)
final class PublicAPITests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("labbench-api-\(UUID().uuidString)")

    // Each test has an instance, and a home, of its own: gone when the test ends.
    deinit { try? FileManager.default.removeItem(at: home) }
    var environment: [String: String] { ["CONCURRENCY_LAB_HOME": home.path, "NO_COLOR": "1"] }

    /// Two variants of "your code" and an ideal; `slow` does twice the work of `fast`.
    static func suite() -> BenchmarkSuite {
        @Sendable func work(_ rounds: Int) -> Int {
            var sum = 0
            for index in 0..<rounds * 2_000 { sum = sum &+ index &* 31 }
            return sum
        }
        return BenchmarkSuite(
            name: "my sums", kind: .pattern, summary: "a sum, twice as long in one variant", reference: "slow",
            ideal: Ideal(seconds: 1e-6, reason: "a made-up floor"),
            scan: Scan(parameter: "rounds", defaults: [1, 2]) { rounds, _ in
                BenchmarkSuite(
                    name: "my sums", kind: .pattern, summary: "", reference: "slow",
                    variants: [BenchmarkVariant("slow") { runs in for _ in 0..<runs { sink(work(2 * rounds)) } }])
            },
            variants: [
                BenchmarkVariant("slow") { runs in for _ in 0..<runs { sink(work(20)) } },
                BenchmarkVariant("fast", figures: { [.count("rounds", 10, better: nil)] }) { runs in
                    for _ in 0..<runs { sink(work(10)) }
                },
            ])
    }

    func run(_ arguments: [String]) async -> Int32 {
        await BenchmarkProgram.run(
            [Self.suite()], arguments: arguments + ["--allow-debug"], program: "my-bench", environment: environment)
    }

    @Test func helpListAndBadUsage() async {
        #expect(await run(["--help"]) == 0)
        #expect(await run(["--list"]) == 0)
        #expect(await run(["--bogus"]) == 2)
        #expect(await run(["no such suite"]) == 2)
        #expect(await run(["--compare", "never-saved"]) == 2)
    }

    @Test func measuresWritesReportsAndGatesOnABaseline() async throws {
        let out = home.appendingPathComponent("out").path
        let measured = await run([
            "--quick", "--samples", "5", "--time", "0.2", "--format", "terminal,md,json,csv,html", "--out", out,
            "--save-baseline", "first",
        ])
        expectEqual(measured, 0)
        for file in ["report.md", "report.json", "samples.csv", "report.html"] {
            expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
        }
        // The report is public and decodable: what a CI script of yours would read.
        let report = try BenchmarkReport.decode(Data(contentsOf: URL(fileURLWithPath: "\(out)/report.json")))
        let suite = try unwrap(report.suites.first)
        expect(suite.name == "my sums" && suite.reference == "slow")
        let fast = try unwrap(suite.variant("fast"))
        let slow = try unwrap(suite.variant("slow"))
        // The fastest samples: a stall of the machine only adds time, so five samples of `fast`
        // must all be slowed past twice their time before this can turn (medians turned on three).
        expectBelow(fast.summary.min, slow.summary.min, "twice the work takes longer")
        expectNotEqual(fast.efficiency, nil, "an ideal gives an efficiency")
        expectEqual(fast.figure("rounds"), Figure("rounds", 10, unit: .count), "a variant's own figure, typed")
        expectEqual(report.schema, BenchmarkReport.schema)
        // Comparing the saved baseline with itself: no change, exit 0.
        let baseline = home.appendingPathComponent("baselines/first.json").path
        #expect(await run(["--compare", baseline, "--compare", baseline]) == 0)
    }

    @Test func gatesWithThresholdsDeclaredInCodeOrAFileAndExportsForDashboards() async throws {
        // Declared beside the suite, as a package would; the public constructors only.
        let declared: [Threshold] = [
            .time(percent: 1000), .exact(.hops, variant: "fast"), .count(.mallocs, absolute: 0.5, percent: 2),
        ]
        expectEqual(declared.map(\.metric), [.time, .hops, .mallocs])
        let out = home.appendingPathComponent("exports").path
        #expect(
            await run([
                "--quick", "--samples", "5", "--time", "0.2", "--format", "github,jmh,percentiles", "--out", out,
                "--save-baseline", "gate",
            ]) == 0)
        for file in ["github-benchmark.json", "jmh.json", "percentiles.csv"] {
            expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
        }
        let thresholds = home.appendingPathComponent("thresholds.json")
        try Data(
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "*", "metric": "time", "percent": 1000}]}"#
                .utf8
        ).write(to: thresholds)
        let baseline = home.appendingPathComponent("baselines/gate.json").path
        #expect(await run(["--compare", baseline, "--compare", baseline, "--thresholds", thresholds.path]) == 0)
        #expect(await run(["--compare", baseline, "--compare", baseline, "--thresholds", "/nonexistent.json"]) == 2)
        expectEqual(HopCounter.isAvailable, (HopCounter.read() != nil))
    }

    @Test func scansYourSuite() async throws {
        let out = home.appendingPathComponent("scan").path
        #expect(
            await run([
                "--scan", "my sums", "rounds=1,2,32", "--samples", "5", "--time", "0.2", "--format", "json", "--out",
                out,
            ]) == 0)
        let report = try BenchmarkReport.decode(Data(contentsOf: URL(fileURLWithPath: "\(out)/report.json")))
        let scan = try unwrap(report.scans?.first)
        expectEqual(scan.values, [1, 2, 32])
        // A generous ratio: 32 times the work. At four times, three of five samples at 1 slowed
        // fourfold by a stalled machine (one CPU beside a hog, a sanitized build) turned the medians.
        let medians = try unwrap(scan.series.first?.points.map(\.median))
        expectAbove(medians[2], medians[0], "32 times the work takes longer than one")
    }
}

@inline(never) func sink(_ value: Int) { withExtendedLifetime(value) {} }
