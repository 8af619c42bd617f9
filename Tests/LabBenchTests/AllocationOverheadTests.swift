import Testing

@testable import LabBench
@testable import LabCore

/// `--allocation-overhead`: each primitive variant becomes a suite of two, counting on and
/// off; the verdict states the median change and every significant one.
struct AllocationOverheadTests {
    static func result(_ name: String, on: Double, off: Double) -> SuiteResult {
        let definition = BenchmarkSuite(
            name: name, kind: .primitive, summary: "", reference: AllocationOverhead.notCounted,
            variants: [
                BenchmarkVariant(AllocationOverhead.counted) { _ in },
                BenchmarkVariant(AllocationOverhead.notCounted) { _ in },
            ])
        func samples(_ seconds: Double) -> [Sample] {
            (0..<30).map { Fixture.sample(seconds * (1 + Double($0 % 5) * 0.001)) }
        }
        return Analysis.analyze(
            definition, samples: [AllocationOverhead.counted: samples(on), AllocationOverhead.notCounted: samples(off)])
    }

    @Test func everyPrimitiveVariantBecomesAnOnOffPair() {
        let primitive = BenchmarkSuite(
            name: "tasks", kind: .primitive, summary: "", reference: "a",
            variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let pattern = BenchmarkSuite(
            name: "fan-out", kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        let suites = AllocationOverhead.suites(from: [primitive, pattern])
        expectEqual(suites.map(\.name), ["tasks: a", "tasks: b"])
        expect(suites.allSatisfy { $0.reference == AllocationOverhead.notCounted && $0.variants.count == 2 })
    }

    @Test func theVerdictGivesTheMedianAndEachSignificantChangeAndLeavesOutTimerNoise() {
        let report = Fixture.report([
            Self.result("tasks: Task {}", on: 1.03e-6, off: 1.0e-6), Self.result("locks: Mutex", on: 2e-8, off: 2e-8),
            Self.result("harness overhead: empty", on: 4e-13, off: 2e-13),
        ])
        let verdict = AllocationOverhead.verdict(report) ?? ""
        expectContains(verdict, "at the median of 2 primitives", "\(verdict)")
        expectContains(verdict, "significant: tasks: Task {} +3%", "\(verdict)")
        expectNotContains(verdict, "empty", "\(verdict)")
        let quiet = AllocationOverhead.verdict(Fixture.report([Self.result("locks: Mutex", on: 2e-8, off: 2e-8)])) ?? ""
        expectContains(quiet, "no difference was significant", "\(quiet)")
    }

    @Test func theOverheadModeRefusesPatternSuitesAndWorkerProcesses() async {
        let pattern = BenchmarkSuite(
            name: "fan-out", kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        let command = BenchCommand(suites: [pattern, Fixture.plainSuite.named("other")], environment: [:])
            .probingInstantly()
        #expect(await command.run(["--allocation-overhead", "fan-out", "--allow-debug"]) == 2)
    }
}

/// A suite's conclusion names the allocations when its variants differ by them.
struct AllocationConclusionTests {
    @Test func differingAllocationsAreStatedAndEqualOnesAreNot() {
        let definition = BenchmarkSuite(
            name: "tasks", kind: .primitive, summary: "", reference: "Task {}",
            variants: [BenchmarkVariant("Task {}") { _ in }, BenchmarkVariant("async let") { _ in }])
        func samples(_ mallocs: Int) -> [Sample] {
            (0..<12).map { index in
                var sample = Fixture.sample(1e-6 * (1 + Double(index % 3) * 0.01))
                sample.allocations = AllocationCounts(mallocs: mallocs, frees: mallocs, bytes: mallocs * 300)
                return sample
            }
        }
        let differing = Analysis.analyze(definition, samples: ["Task {}": samples(4), "async let": samples(0)])
        expectContains(
            differing.conclusion, "Mallocs per operation: Task {} 4, async let 0.", "\(differing.conclusion)")
        let equal = Analysis.analyze(definition, samples: ["Task {}": samples(1), "async let": samples(1)])
        expectNotContains(equal.conclusion, "Mallocs", "\(equal.conclusion)")
        let nearlyEqual = Analysis.analyze(
            definition, samples: ["Task {}": samples(65_271), "async let": samples(65_302)])
        expectNotContains(nearlyEqual.conclusion, "Mallocs", "31 in 65,000 is no difference worth a sentence")
    }
}
