import Foundation
import Testing

@testable import LabBench
@testable import LabCore

@Suite("Baselines, comparison and exit codes")
final class BaselineTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-bench-\(UUID().uuidString)"
        ).path
    ]

    // Each test has an instance, and a home, of its own: gone when the test ends.
    deinit { try? FileManager.default.removeItem(atPath: environment["CONCURRENCY_LAB_HOME"]!) }

    @Test func saveThenLoadByName() throws {
        let url = try Baselines.save(Fixture.report(), named: "main", environment: environment)
        expect(url.path.hasSuffix("baselines/main.json"))
        try expectEqual(Baselines.load("main", environment: environment).suites.count, 1)
    }

    @Test func badNamesMissingAndCorruptBaselinesAreClearErrors() throws {
        #expect(throws: BenchError.badBaselineName("../x")) {
            try Baselines.url(named: "../x", environment: environment)
        }
        // Refused before any measuring: a name too long for a file was found only when the run,
        // minutes of it, was saved (an audit's 300 letters).
        let long = String(repeating: "a", count: Baselines.longestName + 1)
        #expect(throws: BenchError.badBaselineName(long)) { try Baselines.url(named: long, environment: environment) }
        _ = try Baselines.save(
            Fixture.report(), named: String(repeating: "é", count: Baselines.longestName), environment: environment)
        expectContains(
            BenchError.badBaselineName(long).description, "at most \(Baselines.longestName) characters")
        #expect(throws: BenchError.self) { try Baselines.load("nope", environment: environment) }
        let url = try Baselines.url(named: "broken", environment: environment)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{oops".utf8).write(to: url)
        #expect(throws: BenchError.self) { try Baselines.load("broken", environment: environment) }
        try expectEqual(String(contentsOf: url, encoding: .utf8), "{oops", "a corrupt baseline is left untouched")
        // A FIFO given as a results file is refused at once, not waited on for a writer.
        let fifo = url.deletingLastPathComponent().appendingPathComponent("fifo.json")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: BenchError.unreadableBaseline(fifo.path, reason: "not a regular file of at most 256 MB")) {
            try Baselines.load(fifo.path, environment: environment)
        }
    }

    @Test func exitStatusIsZeroForNoChangeOneForARegressionThreeForImprovementsOnly() {
        let base = Fixture.report([Fixture.suite(slow: 0.040, fast: 0.011)])
        let same = Fixture.report([Fixture.suite(slow: 0.040, fast: 0.011)])
        let slower = Fixture.report([Fixture.suite(slow: 0.040, fast: 0.015)])
        let faster = Fixture.report([Fixture.suite(slow: 0.030, fast: 0.011)])
        expectEqual(Comparison(baseline: base, current: same, thresholdPercent: 5).exitStatus, 0)
        expectEqual(Comparison(baseline: base, current: slower, thresholdPercent: 5).exitStatus, 1)
        expectEqual(Comparison(baseline: base, current: faster, thresholdPercent: 5).exitStatus, 3)
        expectEqual(
            Comparison(baseline: base, current: slower, thresholdPercent: 50).exitStatus, 0,
            "below the threshold is no change")
        func empty(_ seconds: Double) -> BenchmarkReport {
            let definition = BenchmarkSuite(
                name: "harness overhead", kind: .primitive, summary: "", reference: "empty",
                variants: [BenchmarkVariant("empty") { _ in }])
            let samples = ["empty": (0..<12).map { Fixture.sample(seconds * (1 + Double($0) * 0.01)) }]
            return Fixture.report([Analysis.analyze(definition, samples: samples)])
        }
        let doubled = Comparison(baseline: empty(1e-15), current: empty(2e-15), thresholdPercent: 5)
        expectEqual(
            doubled.changes.first.map { $0.change > 0.9 && $0.pValue < 0.05 }, true,
            "the femtoseconds did double, significantly")
        expectEqual(doubled.exitStatus, 0, "but femtoseconds are an empty loop: doubling them is not a regression")
        expectEqual(
            Comparison(baseline: empty(1e-9), current: empty(2e-9), thresholdPercent: 5).exitStatus, 1,
            "a nanosecond doubling is")
    }

    @Test func benchCommandComparesTwoFilesAndGatesOnTheResult() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-bench-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let old = folder.appendingPathComponent("old.json")
        let new = folder.appendingPathComponent("new.json")
        try Fixture.report([Fixture.suite(fast: 0.011)]).encoded().write(to: old)
        try Fixture.report([Fixture.suite(fast: 0.016)]).encoded().write(to: new)
        let command = BenchCommand(suites: [], environment: environment).probingInstantly()
        #expect(await command.run(["--compare", old.path, "--compare", new.path]) == 1)
        #expect(await command.run(["--compare", new.path, "--compare", old.path]) == 3)
        #expect(await command.run(["--compare", old.path, "--compare", old.path]) == 0)
    }

    @Test func benchCommandRunsASuiteAndWritesEveryFormat() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lab-bench-out-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let suite = BenchmarkSuite(
            name: "tiny", kind: .primitive, summary: "", reference: "a",
            variants: [
                BenchmarkVariant("a") { iterations in BlackHole.consume(iterations) },
                BenchmarkVariant("b") { iterations in for i in 0..<iterations { BlackHole.consume(i) } },
            ])
        let command = BenchCommand(suites: [suite], environment: environment).probingInstantly()
        // One process: worker processes run the `lab` executable, whose catalog has no "tiny"
        // (a full run's workers would fail, and a failed worker stops the run).
        let status = await command.run([
            "--allow-debug", "--processes", "1", "--samples", "5", "--time", "0.2", "--format", "md,json,csv,html",
            "--out", out, "--save-baseline", "tiny", "--no-color",
        ])
        expectEqual(status, 0)
        for file in ["report.md", "report.json", "samples.csv", "report.html"] {
            expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
        }
        try expectEqual(Baselines.load("tiny", environment: environment).suites.first?.name, "tiny")
    }

    @Test func badUsageIsExitTwo() async {
        let command = BenchCommand(suites: [], environment: environment).probingInstantly()
        #expect(await command.run(["--format", "pdf"]) == 2)
        #expect(await command.run(["nosuch"]) == 2)
        #expect(await command.run(["--compare", "missing-baseline"]) == 2)
        #expect(await command.run(["--threshold", "lots"]) == 2)
        #expect(await command.run(["--save-baseline", "a/b"]) == 2)
        #expect(await command.run(["--steadiness", "0"]) == 2)
        #expect(await command.run(["--steadiness", "soon"]) == 2)
    }
}

@Suite("What --compare names")
struct CompareTargetTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-compare-\(UUID().uuidString)"
        ).path
    ]

    @Test func aFileInTheCurrentFolderIsReadWhenNoBaselineHasItsName() throws {
        let name = "lab-compare-\(UUID().uuidString)"
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name)
        try Fixture.report().encoded().write(to: here)
        defer { try? FileManager.default.removeItem(at: here) }
        try expectEqual(Baselines.locate(name, environment: environment).standardizedFileURL, here.standardizedFileURL)
    }

    @Test func aMissingPathIsNotOfferedAsABaselineName() {
        #expect(throws: BenchError.missingResultsFile("/nonexist.json")) {
            try Baselines.locate("/nonexist.json", environment: environment)
        }
        expectNotContains(BenchError.missingResultsFile("/nonexist.json").description, "--save-baseline")
        #expect(throws: BenchError.self) { try Baselines.locate("no-such-baseline", environment: environment) }
    }
}
