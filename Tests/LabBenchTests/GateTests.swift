import Foundation
import LabConsole
import LabCore
import Testing

@testable import LabBench

/// The CI gate: thresholds declared beside a suite, overridden from a file, checked by
/// `--compare`, one BREACH line per metric beyond its threshold.
@Suite("The compare gate")
struct GateTests {
    static func freshHome() -> [String: String] {
        [
            "CONCURRENCY_LAB_HOME": FileManager.default.temporaryDirectory.appendingPathComponent(
                "lab-bench-gate-\(UUID().uuidString)"
            ).path
        ]
    }

    /// A workload whose mallocs per operation are a parameter: the "change" under review.
    /// Time is not under test: a busy machine may move it, and on one CPU shared with the rest
    /// of the suite the second of two 0.1 s measurements once took over 11 times the first, so
    /// it may grow ten-thousandfold. Nor are bytes, enqueues, hops and
    /// retains, which the runtime and Foundation move by themselves: the mallocs are.
    static let countsUnderTest: [Threshold] = [
        .time(percent: 1_000_000), .count(.bytes, absolute: 100_000), .count(.enqueues, absolute: 100),
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

    static func run(_ suite: BenchmarkSuite, _ extra: [String], home: [String: String]) async -> Int32 {
        await BenchCommand(suites: [suite], environment: home).probingInstantly().run(
            // 15 samples: their median leaves a burst of the runtime's own out.
            ["--allow-debug", "--quick", "--processes", "1", "--samples", "15", "--time", "0.1", "--no-color"] + extra)
    }

    // Mallocs are counted process-wide, and a parallel `swift test` runs other tests in this
    // process meanwhile, each allocating: the counting runs in a process of its own (an exit
    // test), where the only allocations are the workload's and the harness's own. What it finds
    // is reported back here as issues, each saying its figures.

    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted (Linux, no sanitizer)"))
    func oneMoreMallocPerOperationFailsTheGateAndTheSameCodePassesIt() async {
        await #expect(processExitsWith: .success) {
            try await GateTests.gateOnOneMoreMalloc()
        }
    }

    static func gateOnOneMoreMalloc() async throws {
        let home = freshHome()
        defer { try? FileManager.default.removeItem(atPath: home["CONCURRENCY_LAB_HOME"]!) }
        let saved = await run(parsing(mallocsPerOperation: 1), ["--save-baseline", "before"], home: home)
        expectEqual(saved, 0, "saving the baseline exited \(saved)")
        let same = await run(parsing(mallocsPerOperation: 1), ["--compare", "before"], home: home)
        expectEqual(same, 0, "the same code against its baseline exited \(same), not 0 (within thresholds)")
        let more = await run(parsing(mallocsPerOperation: 2), ["--compare", "before"], home: home)
        expectEqual(more, 1, "one more malloc per operation exited \(more), not 1 (a breach)")
        // A file may allow it: two more mallocs per operation in this suite.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            """
            {"schema": "concurrency-lab.bench-thresholds/1",
             "thresholds": [{"suite": "parsing", "metric": "mallocs", "absolute": 2}]}
            """.utf8
        ).write(to: file)
        let allowed = await run(
            parsing(mallocsPerOperation: 2), ["--compare", "before", "--thresholds", file.path], home: home)
        expectEqual(allowed, 0, "with the thresholds file allowing 2 more, exited \(allowed), not 0")
    }

    @Test(.enabled(if: AllocationCounter.isAvailable, "allocations are counted (Linux, no sanitizer)"))
    func theBreachNamesSuiteVariantAndMetric() async {
        await #expect(processExitsWith: .success) {
            try await GateTests.breachNamesSuiteVariantAndMetric()
        }
    }

    static func breachNamesSuiteVariantAndMetric() async throws {
        let home = freshHome()
        defer { try? FileManager.default.removeItem(atPath: home["CONCURRENCY_LAB_HOME"]!) }
        let command = BenchCommand(suites: [], environment: home, program: "bench").probingInstantly()
        let plan = SamplingPlan(samples: 15, minimumSamples: 15, budget: .milliseconds(100))
        func measured(_ mallocs: Int) async throws -> BenchmarkReport {
            try await command.measure(
                [parsing(mallocsPerOperation: mallocs)], plan: plan, quick: true, terminal: .plain(), quiet: true)
        }
        let before = try await measured(1)
        let after = try await measured(2)
        let book = ThresholdBook(suites: [parsing(mallocsPerOperation: 1)])
        let comparison = Comparison(baseline: before, current: after, thresholdPercent: 5, thresholds: book)
        let mallocs = try unwrap(comparison.breaches.first { $0.metric == .mallocs }, "a mallocs breach")
        expect(
            mallocs.suite == "parsing" && mallocs.variant == "parse", "named \(mallocs.suite) / \(mallocs.variant)")
        expect(
            // Counted, not estimated: the harness's own allocations are a fraction of one per operation.
            (1..<1.1).contains(mallocs.baseline) && (2..<2.1).contains(mallocs.current),
            "counted \(mallocs.baseline) → \(mallocs.current) mallocs per operation, not 1 → 2")
        expect(
            mallocs.line.hasPrefix("BREACH parsing / parse / mallocs per operation: 1"), "the line: \(mallocs.line)")
        expect(
            !comparison.breaches.contains { $0.metric == .time }, "no time breach: time is allowed to grow 10,000 times"
        )
        expectEqual(comparison.exitStatus, 1, "the comparison exits \(comparison.exitStatus), not 1")
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
        expect(Comparison(baseline: base, current: slightlyMore, thresholdPercent: 5).breaches.isEmpty)
        let breaches = Comparison(baseline: base, current: slightlyMore, thresholdPercent: 5, thresholds: exact)
            .breaches
        expectEqual(breaches.map(\.metric), [.mallocs])
        expectEqual(breaches.first?.line.hasSuffix("allowed exact)"), true)
        // Fewer is never a breach.
        expectNotEqual(
            Comparison(baseline: base, current: report(mallocs: 0, seconds: 1e-6), thresholdPercent: 5).exitStatus, 1)
        // Time: 20% slower, significantly, breaches 5% and not 30%.
        let slower = report(mallocs: 2000, seconds: 1.2e-6)
        expectEqual(
            Comparison(baseline: base, current: slower, thresholdPercent: 5).breaches.map(\.metric), [.time])
        expect(Comparison(baseline: base, current: slower, thresholdPercent: 30).breaches.isEmpty)
    }

    @Test func aFileOverridesTheCodeAndAVariantsOwnThresholdTheSuites() throws {
        let suite = BenchmarkSuite(
            name: "s", kind: .primitive, summary: "", reference: "a",
            thresholds: [.exact(.mallocs), .count(.mallocs, absolute: 3, variant: "b")],
            variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let code = ThresholdBook(suites: [suite])
        expectEqual(code.threshold(suite: "s", variant: "a", metric: .mallocs), .exact(.mallocs))
        expectEqual(code.threshold(suite: "s", variant: "b", metric: .mallocs).absolute, 3)
        expectEqual(code.threshold(suite: "s", variant: "a", metric: .hops), .count(.hops, absolute: 0.5, percent: 2))
        expectEqual(code.threshold(suite: "other", variant: "a", metric: .time).percent, 5)
        let file = ThresholdFile(
            schema: ThresholdFile.schema,
            thresholds: [.init(suite: "*", variant: nil, metric: .mallocs, percent: 10, absolute: nil)])
        let overridden = ThresholdBook(suites: [suite], file: file)
        expectEqual(overridden.threshold(suite: "s", variant: "b", metric: .mallocs), Threshold(.mallocs, percent: 10))
    }

    /// Two runs compared variant by variant: what one run measured and the other did not is said,
    /// and two runs with nothing in common are an error (an empty table said "no significant
    /// change", exit 0, an audit); a thresholds entry for a suite neither measured is said too.
    @Test func whatOnlyOneRunMeasuredIsSaidAndNothingInCommonIsAnError() async throws {
        let base = Fixture.report([Fixture.suite("s")])
        let text = String(decoding: try base.encoded(), as: UTF8.self)
        let renamed = try BenchmarkReport.decode(
            Data(text.replacingOccurrences(of: "\"task group\"", with: "\"task group, renamed\"").utf8))
        let comparison = Comparison(baseline: base, current: renamed, thresholdPercent: 5)
        expectEqual(
            comparison.unmatched, ["s › task group (not in this run)", "s › task group, renamed (not in the baseline)"])
        expectEqual(comparison.changes.map(\.variant), ["sequential"])
        let book = ThresholdBook(
            file: ThresholdFile(
                schema: ThresholdFile.schema,
                thresholds: [
                    .init(suite: "s", variant: "nope", metric: .time, percent: 9, absolute: nil),
                    .init(suite: "typo", variant: nil, metric: .time, percent: 9, absolute: nil),
                    .init(suite: "s", variant: "sequential", metric: .time, percent: 9, absolute: nil),
                ]))
        expectEqual(book.unmatchedOverrides(in: [base]), ["'s › nope'", "'typo'"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (one, other) = (folder.appendingPathComponent("one.json"), folder.appendingPathComponent("other.json"))
        try base.encoded().write(to: one)
        try Fixture.report([Fixture.suite("t")]).encoded().write(to: other)
        let status = await BenchCommand(suites: [], environment: Self.freshHome()).probingInstantly().run([
            "--compare", one.path, "--compare", other.path,
        ])
        expectEqual(status, 2, "nothing in common is no comparison")
    }

    /// The footer names the time threshold the variants were held to: a thresholds file's 60%,
    /// not the default's 5% (it said "beyond 5%" beside a +50% change the file allowed).
    @Test func theFooterSaysTheThresholdsTheVariantsWereHeldTo() {
        let base = Fixture.report([Fixture.suite("s")])
        func footer(_ entries: [ThresholdFile.Entry]) -> String {
            let book = ThresholdBook(file: ThresholdFile(schema: ThresholdFile.schema, thresholds: entries))
            let comparison = Comparison(baseline: base, current: base, thresholdPercent: 5, thresholds: book)
            return TerminalReport.render(comparison, terminal: .plain(width: 120))
        }
        expectContains(footer([]), "no significant change beyond 5% (exit 0)")
        expectContains(
            footer([.init(suite: "*", variant: nil, metric: .time, percent: 60, absolute: nil)]),
            "no significant change beyond 60% (exit 0)")
        expectContains(
            footer([.init(suite: "s", variant: "sequential", metric: .time, percent: 60, absolute: nil)]),
            "beyond each variant's time threshold (5% to 60%)")
    }

    /// A results file whose summary and samples disagree (edited by hand: its samples made 1.5×
    /// slower, its summary kept), or whose samples are empty or negative, or that holds a variant
    /// twice, is refused, not compared as "no change" (an audit).
    @Test func anInconsistentResultsFileIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = folder.appendingPathComponent("good.json")
        try Fixture.report().encoded().write(to: good)
        func edited(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> URL {
            var object = try #require(
                try JSONSerialization.jsonObject(with: try Data(contentsOf: good)) as? [String: Any])
            edit(&object)
            let url = folder.appendingPathComponent(name)
            try JSONSerialization.data(withJSONObject: object).write(to: url)
            return url
        }
        func eachSample(_ object: inout [String: Any], _ edit: ([String: Any]) -> [String: Any]) {
            var suites = object["suites"] as? [[String: Any]] ?? []
            for s in suites.indices {
                var variants = suites[s]["variants"] as? [[String: Any]] ?? []
                for v in variants.indices {
                    variants[v]["samples"] = (variants[v]["samples"] as? [[String: Any]] ?? []).map(edit)
                }
                suites[s]["variants"] = variants
            }
            object["suites"] = suites
        }
        let slower = try edited("slower.json") { object in
            eachSample(&object) { sample in
                var sample = sample
                sample["wall_seconds"] = (sample["wall_seconds"] as? Double ?? 0) * 1.5
                return sample
            }
        }
        let negative = try edited("negative.json") { object in
            eachSample(&object) { sample in
                var sample = sample
                sample["wall_seconds"] = -1.0
                return sample
            }
        }
        let twice = try edited("twice.json") { object in
            var suites = object["suites"] as? [[String: Any]] ?? []
            suites.append(suites[0])
            object["suites"] = suites
        }
        for (file, reason) in [(slower, "its samples"), (negative, "negative"), (twice, "twice")] {
            #expect(throws: BenchError.self) { try Baselines.load(file.path) }
            do {
                _ = try Baselines.load(file.path)
            } catch {
                expectContains("\(error)", reason, "\(error)")
            }
            let status = await BenchCommand(suites: [], environment: Self.freshHome()).probingInstantly().run([
                "--compare", good.path, "--compare", file.path,
            ])
            expectEqual(status, 2, file.lastPathComponent)
        }
        _ = try Baselines.load(good.path)
    }

    @Test func aBadThresholdsFileIsOneClearErrorAndExitTwo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases = [
            "{oops": "it is not JSON",
            #"{"schema": "concurrency-lab.bench-thresholds/9", "thresholds": []}"#:
                "expected 'concurrency-lab.bench-thresholds/1'",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "speed"}]}"#:
                "expected {",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "time", "percent": -1}]}"#:
                "negative",
            // A typo would widen what an entry covers ("varient": every variant's threshold).
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "varient": "a", "metric": "time", "percent": 60}]}"#:
                "has the key 'varient'",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "threshold": []}"#: "has the key 'threshold'",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "time", "percent": 5}, {"suite": "s", "metric": "time", "percent": 50}]}"#:
                "twice",
            #"{"schema": "concurrency-lab.bench-thresholds/1", "thresholds": [{"suite": "s", "metric": "time", "percent": 1e400}]}"#:
                "too large to read",
        ]
        for (index, (text, reason)) in cases.enumerated() {
            let url = folder.appendingPathComponent("\(index).json")
            try Data(text.utf8).write(to: url)
            #expect(throws: BenchError.self) { try ThresholdFile.load(url.path) }
            do {
                _ = try ThresholdFile.load(url.path)
            } catch {
                expectContains("\(error)", reason, "\(error)")
            }
            let old = folder.appendingPathComponent("old.json")
            try Fixture.report().encoded().write(to: old)
            let status = await BenchCommand(suites: [], environment: Self.freshHome()).probingInstantly().run([
                "--compare", old.path, "--compare", old.path, "--thresholds", url.path,
            ])
            expectEqual(status, 2)
        }
        #expect(throws: BenchError.self) { try ThresholdFile.load(folder.appendingPathComponent("none.json").path) }
        // A FIFO is refused at once (on a Mac, Foundation's read would wait for a writer), as is a folder.
        let fifo = folder.appendingPathComponent("fifo.json")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        for path in [fifo.path, folder.path] {
            do {
                _ = try ThresholdFile.load(path)
                Issue.record("\(path) was read as thresholds")
            } catch {
                expectContains("\(error)", "it is not a regular file", "\(error)")
            }
        }
        #expect(
            await BenchCommand(suites: [], environment: Self.freshHome()).probingInstantly().run([
                "--thresholds", "t.json",
            ]) == 2,
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
        expect(!file.thresholds.isEmpty)
        let job = try String(
            contentsOf: Self.example.appendingPathComponent("ci/benchmarks.yml"), encoding: .utf8)
        for needed in [
            "--save-baseline base", "--compare base --thresholds ci/thresholds.json", "--format terminal,github,jmh",
            "tool: customSmallerIsBetter", "bench-results/github-benchmark.json",
        ] {
            expectContains(job, needed, "\(needed)")
        }
        for format in ["github", "jmh"] { expect(BenchCommand.formats.contains(format)) }
    }
}
