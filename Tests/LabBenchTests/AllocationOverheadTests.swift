import Testing
@testable import LabBench
@testable import LabKit

/// `--allocation-overhead`: each primitive variant becomes a suite of two, counting on and
/// off; the verdict states the median change and every significant one.
struct AllocationOverheadTests {
    static func result(_ name: String, on: Double, off: Double) -> SuiteResult {
        let definition = BenchmarkSuite(name: name, kind: .primitive, summary: "", reference: AllocationOverhead.notCounted, variants: [
            BenchmarkVariant(AllocationOverhead.counted) { _ in }, BenchmarkVariant(AllocationOverhead.notCounted) { _ in },
        ])
        func samples(_ seconds: Double) -> [Sample] { (0..<30).map { Fixture.sample(seconds * (1 + Double($0 % 5) * 0.001)) } }
        return Analysis.analyze(definition, samples: [AllocationOverhead.counted: samples(on), AllocationOverhead.notCounted: samples(off)])
    }

    @Test func everyPrimitiveVariantBecomesAnOnOffPair() {
        let primitive = BenchmarkSuite(name: "tasks", kind: .primitive, summary: "", reference: "a",
                                       variants: [BenchmarkVariant("a") { _ in }, BenchmarkVariant("b") { _ in }])
        let pattern = BenchmarkSuite(name: "fan-out", kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        let suites = AllocationOverhead.suites(from: [primitive, pattern])
        #expect(suites.map(\.name) == ["tasks: a", "tasks: b"])
        #expect(suites.allSatisfy { $0.reference == AllocationOverhead.notCounted && $0.variants.count == 2 })
    }

    @Test func theVerdictGivesTheMedianAndEachSignificantChangeAndLeavesOutTimerNoise() {
        let report = Fixture.report([Self.result("tasks: Task {}", on: 1.03e-6, off: 1.0e-6), Self.result("locks: Mutex", on: 2e-8, off: 2e-8),
                                     Self.result("harness overhead: empty", on: 4e-13, off: 2e-13)])
        let verdict = AllocationOverhead.verdict(report) ?? ""
        #expect(verdict.contains("at the median of 2 primitives"), "\(verdict)")
        #expect(verdict.contains("significant: tasks: Task {} +3%"), "\(verdict)")
        #expect(!verdict.contains("empty"), "\(verdict)")
        let quiet = AllocationOverhead.verdict(Fixture.report([Self.result("locks: Mutex", on: 2e-8, off: 2e-8)])) ?? ""
        #expect(quiet.contains("no difference was significant"), "\(quiet)")
    }

    @Test func theOverheadModeRefusesPatternSuitesAndWorkerProcesses() async {
        let pattern = BenchmarkSuite(name: "fan-out", kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        let command = BenchCommand(suites: [pattern, Fixture.plainSuite.named("other")], environment: [:])
        #expect(await command.run(["--allocation-overhead", "fan-out", "--allow-debug"]) == 2)
    }
}
