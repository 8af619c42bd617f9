import Foundation
import LabCore
import Testing

@testable import LabBench

/// The CI gate: thresholds declared beside a suite, overridden from a file, checked by
/// `--compare`, one BREACH line per metric beyond its threshold.
@Suite("The compare gate")
struct GateTests {
    let environment = [
        "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
            "lab-bench-gate-\(UUID().uuidString)"
        ).path
    ]

    /// A workload whose mallocs per operation are a parameter: the "change" under review.
    /// Time is not under test (a busy machine may move it), nor bytes and enqueues, which other
    /// tests running in this process move most (one large buffer of theirs is many bytes per
    /// operation here), nor hops and retains, likewise process-wide: the mallocs are.
    static let countsUnderTest: [Threshold] = [
        .time(percent: 1000), .count(.bytes, absolute: 100_000), .count(.enqueues, absolute: 100),
        .count(.hops, absolute: 100), .count(.retains, absolute: 100_000),
    ]

    static func parsing(mallocsPerOperation: Int, thresholds: [Threshold] = countsUnderTest) -> BenchmarkSuite {
        BenchmarkSuite(
            name: "parsing", kind: .primitive, summary: "allocates a scratch buffer per step",
            reference: "parse",
            thresholds: thresholds,
            variants: [
                BenchmarkVariant("parse") { iterations in
                    var sum = 0
                    for step in 0..<iterations {
                        for _ in 0..<mallocsPerOperation {
                            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
                            buffer.storeBytes(of: step, as: Int.self)
                            sum &+= buffer.load(as: Int.self)
                            buffer.deallocate()
                        }
                    }
                    BlackHole.consume(sum)
                }
            ])
    }

    func run(_ suite: BenchmarkSuite, _ extra: [String]) async -> Int32 {
        await BenchCommand(suites: [suite], environment: environment).run(
            // 15 samples: counts are process-wide, and their median leaves other tests' bursts out.
            ["--allow-debug", "--quick", "--processes", "1", "--samples", "15", "--time", "0.1", "--no-color"] + extra)
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted (Linux, no sanitizer)"))
    func oneMoreMallocPerOperationFailsTheGateAndTheSameCodePassesIt() async throws {
        #expect(await run(Self.parsing(mallocsPerOperation: 1), ["--save-baseline", "before"]) == 0)
        #expect(await run(Self.parsing(mallocsPerOperation: 1), ["--compare", "before"]) == 0, "within thresholds")
        #expect(await run(Self.parsing(mallocsPerOperation: 2), ["--compare", "before"]) == 1, "one more malloc")
        // A file may allow it: two more mallocs per operation in this suite.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString).json")
        try Data(
            """
            {"schema": "concurrency-lab.bench-thresholds/1",
             "thresholds": [{"suite": "parsing", "metric": "mallocs", "absolute": 2}]}
            """.utf8
        ).write(to: file)
        #expect(
            await run(Self.parsing(mallocsPerOperation: 2), ["--compare", "before", "--thresholds", file.path]) == 0)
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted (Linux, no sanitizer)"))
    func theBreachNamesSuiteVariantAndMetric() async throws {
        let command = BenchCommand(suites: [], environment: environment, program: "bench")
        // Counts are process-wide and other tests allocate beside this one in bursts: the median
        // of 15 samples leaves a burst in a few of them out.
        let plan = SamplingPlan(samples: 15, minimumSamples: 15, budget: .milliseconds(100))
        func measured(_ mallocs: Int) async throws -> BenchmarkReport {
            try await command.measure(
                [Self.parsing(mallocsPerOperation: mallocs)], plan: plan, quick: true, terminal: .plain(), quiet: true)
        }
        let before = try await measured(1)
        let after = try await measured(2)
        let book = ThresholdBook(suites: [Self.parsing(mallocsPerOperation: 1)])
        let comparison = Comparison(baseline: before, current: after, thresholdPercent: 5, thresholds: book)
        let mallocs = try #require(comparison.breaches.first { $0.metric == .mallocs })
        #expect(mallocs.suite == "parsing" && mallocs.variant == "parse")
        #expect(
            // Process-wide counts: other tests running meanwhile may add a little, never remove.
            (1..<1.3).contains(mallocs.baseline) && (2..<2.3).contains(mallocs.current),
            "counted, not estimated: \(mallocs.baseline) → \(mallocs.current)")
        #expect(mallocs.line.hasPrefix("BREACH parsing / parse / mallocs per operation: 1"))
        #expect(!comparison.breaches.contains { $0.metric == .time }, "time allowed 1000%")
        #expect(comparison.exitStatus == 1)
    }

    @Test func countsAreComparedWithTheStatedToleranceAndTimesByTheStatistics() {
        func report(mallocs: Int, seconds: Double, spread: Double = 0.01) -> BenchmarkReport {
            let definition = BenchmarkSuite(
                name: "s", kind: .primitive, summary: "", reference: "v", variants: [BenchmarkVariant("v") { _ in }])
            let samples = (0..<12).map { index in
                Sample(
                    iterations: 1000, wallSeconds: seconds * 1000 * (1 + Double(index % 4) * spread), cpuSeconds: 0,
                    voluntarySwitches: 0, involuntarySwitches: 0, peakMemoryBytes: 0, threads: nil, figures: [],
                    allocations: AllocationCounts(mallocs: mallocs, frees: mallocs, bytes: mallocs * 16),
                    hops: HopCounts(switches: 2000, enqueues: 0))
            }
            return Fixture.report([Analysis.analyze(definition, samples: ["v": samples])])
        }
        let base = report(mallocs: 2000, seconds: 1e-6)
        let exact = ThresholdBook(suites: [
            BenchmarkSuite(
                name: "s", kind: .primitive, summary: "", reference: "v", thresholds: [.exact(.mallocs)],
                variants: [BenchmarkVariant("v") { _ in }])
        ])
        // 0.4 more mallocs per operation: inside the default (+0.5 + 2%), a breach when exact.
        let slightlyMore = report(mallocs: 2400, seconds: 1e-6)
        #expect(Comparison(baseline: base, current: slightlyMore, thresholdPercent: 5).breaches.isEmpty)
        let breaches = Comparison(baseline: base, current: slightlyMore, thresholdPercent: 5, thresholds: exact)
            .breaches
        #expect(breaches.map(\.metric) == [.mallocs])
        #expect(breaches.first?.line.hasSuffix("allowed exact)") == true)
        // Fewer is never a breach.
        #expect(
            Comparison(baseline: base, current: report(mallocs: 0, seconds: 1e-6), thresholdPercent: 5).exitStatus != 1)
        // Time: 20% slower, significantly, breaches 5% and not 30%.
        let slower = report(mallocs: 2000, seconds: 1.2e-6)
        #expect(
            Comparison(baseline: base, current: slower, thresholdPercent: 5).breaches.map(\.metric) == [.time])
        #expect(Comparison(baseline: base, current: slower, thresholdPercent: 30).breaches.isEmpty)
    }

    @Test func aFileOverridesTheCodeAndAVariantsOwnThresholdTheSuites() throws {
        let suite = BenchmarkSuite(
            name: "s", kind: .primitive, summary: "", reference: "a",
            thresholds: [.exact(.mallocs), .count(.mallocs, absolute: 3, variant: "b")],
            variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let code = ThresholdBook(suites: [suite])
        #expect(code.threshold(suite: "s", variant: "a", metric: .mallocs) == .exact(.mallocs))
        #expect(code.threshold(suite: "s", variant: "b", metric: .mallocs).absolute == 3)
        #expect(code.threshold(suite: "s", variant: "a", metric: .hops) == .count(.hops, absolute: 0.5, percent: 2))
        #expect(code.threshold(suite: "other", variant: "a", metric: .time).percent == 5)
        let file = ThresholdFile(
            schema: ThresholdFile.schema,
            thresholds: [.init(suite: "*", variant: nil, metric: .mallocs, percent: 10, absolute: nil)])
        let overridden = ThresholdBook(suites: [suite], file: file)
        #expect(overridden.threshold(suite: "s", variant: "b", metric: .mallocs) == Threshold(.mallocs, percent: 10))
    }

    @Test func aBadThresholdsFileIsOneClearErrorAndExitTwo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases = [
            "{oops": "it is not JSON",
            #"{"schema": "concurrency-lab.bench-thresholds/9", "thresholds": []}"#:
                "expected 'concurrency-lab.bench-thresholds/1'",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "speed"}]}"#:
                "expected {",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "time", "percent": -1}]}"#:
                "negative",
        ]
        for (index, (text, reason)) in cases.enumerated() {
            let url = folder.appendingPathComponent("\(index).json")
            try Data(text.utf8).write(to: url)
            #expect(throws: BenchError.self) { try ThresholdFile.load(url.path) }
            do {
                _ = try ThresholdFile.load(url.path)
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
            let old = folder.appendingPathComponent("old.json")
            try Fixture.report().encoded().write(to: old)
            let status = await BenchCommand(suites: [], environment: environment).run([
                "--compare", old.path, "--compare", old.path, "--thresholds", url.path,
            ])
            #expect(status == 2)
        }
        #expect(throws: BenchError.self) { try ThresholdFile.load(folder.appendingPathComponent("none.json").path) }
        #expect(
            await BenchCommand(suites: [], environment: environment).run(["--thresholds", "t.json"]) == 2,
            "thresholds without --compare gate nothing: said, not ignored")
    }
}

/// The example's CI job and thresholds file stay in step with the harness.
@Suite("The example's CI gate")
struct ExampleGateTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/BenchmarkYourCode")

    @Test func itsThresholdsFileLoadsAndItsJobGatesWithIt() throws {
        let file = try ThresholdFile.load(Self.example.appendingPathComponent("ci/thresholds.json").path)
        #expect(!file.thresholds.isEmpty)
        let job = try String(
            contentsOf: Self.example.appendingPathComponent("ci/benchmarks.yml"), encoding: .utf8)
        for needed in [
            "--save-baseline base", "--compare base --thresholds ci/thresholds.json", "--format terminal,github,jmh",
            "tool: customSmallerIsBetter", "bench-results/github-benchmark.json",
        ] {
            #expect(job.contains(needed), "\(needed)")
        }
        for format in ["github", "jmh"] { #expect(BenchCommand.formats.contains(format)) }
    }
}
