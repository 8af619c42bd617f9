import Foundation
import LabCommandLine
import LabConsole
import Testing

@testable import LabBench
@testable import LabCore

/// The adaptive stop: a suite stops sampling once every variant's median is known closely
/// enough, never before the minimum, and a suite that stops sits out the rest of the schedule.
@Suite("Sampling: the adaptive stop")
struct AdaptiveStopTests {
    /// The first count at which a stream of samples is measured enough, or nil.
    static func stopCount(_ stream: [Double], minimum: Int, width: Double) -> Int? {
        (max(minimum, 1)...stream.count).first { Sampler.isMeasuredEnough([Array(stream.prefix($0))], width: width) }
    }

    @Test func aSyntheticStreamStopsAtTheCountItsIntervalSays() {
        // Five 1s and five 2s, then only 1s. The 95% interval of n sorted samples ends at
        // x(k), k = ⌈n/2 + 1 + 0.98·√n⌉, and the 2s are the top five: the interval holds none
        // once k ≤ n − 5. At n = 20, k = 16 > 15; at n = 21, k = 16 ≤ 16: it stops at 21.
        let stream = (0..<10).map { $0.isMultiple(of: 2) ? 1.0 : 2.0 } + Array(repeating: 1.0, count: 40)
        expectEqual(Self.stopCount(stream, minimum: 9, width: 0.01), 21)
        // Wide enough to take the 2s in: it stops as soon as the minimum allows.
        expectEqual(Self.stopCount(stream, minimum: 9, width: 1.0), 9)
    }

    @Test func aScatteredStreamNeverStops() {
        // Half the samples twice the other half: the interval of the median always holds both.
        let stream = (0..<91).map { $0.isMultiple(of: 2) ? 1.0 : 2.0 }
        expectEqual(Self.stopCount(stream, minimum: 9, width: 0.5), nil)
    }

    @Test func everyVariantMustBeNarrowEnough() {
        let steady = Array(repeating: 1.0, count: 31)
        let scattered = (0..<31).map { $0.isMultiple(of: 2) ? 1.0 : 2.0 }
        expect(Sampler.isMeasuredEnough([steady, steady], width: 0.01))
        expect(!Sampler.isMeasuredEnough([steady, scattered], width: 0.01), "one wide variant keeps its suite going")
        expect(!Sampler.isMeasuredEnough([], width: 0.01))
        expect(!Sampler.isMeasuredEnough([[]], width: 0.01))
        expect(!Sampler.isMeasuredEnough([[0, 0, 0, 0, 0, 0]], width: 0.01), "no relative width of a zero median")
    }

    /// Two suites in one schedule with a scripted judgement: "steady" is always measured enough,
    /// "scattered" never.
    static func schedule(plan: SamplingPlan) async -> (calls: [String], samples: [[String: [Sample]]]) {
        let calls = Locked<[String]>([])
        let suites = [
            recordingSuite("steady", ["s1", "s2"], into: calls), recordingSuite("scattered", ["x"], into: calls),
        ]
        let samples = await Sampler.measure(together: suites, plan: plan, progress: nil) { times, _ in
            // Each call is one suite's variants; "steady"'s are the two-variant suite.
            times.count == 2
        }
        return (calls.withLock { $0 }, samples)
    }

    @Test func aSuiteMeasuredEnoughSitsOutTheRestButNeverBeforeTheMinimum() async {
        let plan = SamplingPlan(samples: 10, minimumSamples: 4, budget: .seconds(60), warmupRuns: 0, stopWidth: 0.02)
        let (calls, samples) = await Self.schedule(plan: plan)
        expect(samples[0].values.allSatisfy { $0.count == 4 }, "the steady suite stops at the minimum, not before")
        expectEqual(samples[1]["x"]?.count, 10, "the scattered suite takes every round")
        expect(calls.filter { $0 != "x" }.count == 8 && calls.suffix(6) == Array(repeating: "x", count: 6))
    }

    @Test func withoutAStopWidthEverySuiteTakesTheFullCount() async {
        let plan = SamplingPlan(samples: 10, minimumSamples: 4, budget: .seconds(60), warmupRuns: 0)
        let (_, samples) = await Self.schedule(plan: plan)
        expect(samples.allSatisfy { $0.values.allSatisfy { $0.count == 10 } })
    }

    @Test func theRealJudgementStopsAtTheMinimumWhenAnyWidthWillDo() async {
        let variant = BenchmarkVariant("v") { _ in await Task.yield() }
        let suite = BenchmarkSuite(name: "s", kind: .pattern, summary: "", reference: "v", variants: [variant])
        let plan = SamplingPlan(
            samples: 50, minimumSamples: 7, budget: .seconds(60), warmupRuns: 0, stopWidth: .infinity)
        #expect(await Sampler.measure(suite, plan: plan)["v"]?.count == 7)
    }

    @Test func theReportSaysWhichStopItsCountsCameFrom() async throws {
        let suite = BenchmarkSuite(
            name: "s", kind: .pattern, summary: "", reference: "v", variants: [BenchmarkVariant("v") { _ in }])
        let plan = SamplingPlan(
            samples: 50, minimumSamples: 6, budget: .seconds(60), warmupRuns: 0, stopWidth: .infinity,
            primitiveStopWidth: 0.01)
        let report = try await BenchCommand(suites: [suite]).probingInstantly().measure(
            [suite], plan: plan, quick: true, terminal: .plain(), quiet: true)
        expectEqual(report.suites.first?.variants.first?.samples.count, 6)
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expect(decoded.plan.stopWidth == .infinity && decoded.plan.primitiveStopWidth == 0.01)
        let unstopped = try BenchmarkReport.decode(
            try BenchCommand.report(
                [], executorWidth: 2, handoffs: [], plan: .full, quick: false, processes: 1
            ).encoded())
        expect(unstopped.plan.stopWidth == nil && unstopped.plan.primitiveStopWidth == nil)
    }

    @Test func primitivesHaveTheirOwnWidthAndMinimum() {
        let plan = SamplingPlan(
            samples: 31, primitiveSamples: 91, minimumSamples: 9, budget: .seconds(3), stopWidth: 0.02,
            primitiveStopWidth: 0.01, primitiveMinimumSamples: 31)
        expect(plan.forPrimitives.stopWidth == 0.01 && plan.forPrimitives.minimumSamples == 31)
        expectEqual(plan.forPrimitives.samples, 91)
        var few = plan
        few.primitiveSamples = 5
        expectEqual(few.forPrimitives.minimumSamples, 5, "never a minimum above the count")
    }

    @Test func quickStopsEarlyButACountAskedForOrAScanDoesNot() throws {
        expect(SamplingPlan.quick.stopWidth != nil && SamplingPlan.quick.primitiveStopWidth != nil)
        expectEqual(SamplingPlan.full.stopWidth, nil, "the full run is unchanged")
        let command = BenchCommand(suites: [ScanTests.scannable], environment: ScanTests.environment).probingInstantly()
        func plan(_ arguments: [String]) throws -> SamplingPlan? {
            switch try command.mode(try command.spec.parse(arguments + ["--allow-debug"])) {
            case .measure(let measurement): measurement.plan
            case .scan(let request): request.plan
            default: nil
            }
        }
        try expectEqual(plan(["--quick"])?.stopWidth, SamplingPlan.quick.stopWidth)
        let counted = try unwrap(try plan(["--quick", "--samples", "20"]))
        expect(counted.stopWidth == nil && counted.primitiveStopWidth == nil)
        let scan = try unwrap(try plan(["--quick", "--scan", "tiny sleeps"]))
        expect(scan.stopWidth == nil && scan.primitiveStopWidth == nil)
    }
}

/// The handoff probe between measurements: a gap ends at its first reading that could not be
/// taken, and a reading gives up as soon as its pace says it cannot finish in its budget.
@Suite("Handoff probe: no time spent on readings that cannot be taken")
struct HandoffGapTests {
    @Test func aGapStopsAtItsFirstFailedReading() {
        func gap(_ script: [Double?]) -> (readings: [Double], asked: Int) {
            var asked = 0
            let readings = HandoffProbe.readGap {
                defer { asked += 1 }
                return script[asked]
            }
            return (readings, asked)
        }
        let full = gap([70, 80, 90, 100])
        expect(full.readings == [70, 80, 90] && full.asked == HandoffProbe.readingsPerGap)
        let failed = gap([70, nil, 90])
        expect(failed.readings == [70] && failed.asked == 2, "nothing asked after a failure")
        expect(gap([nil, 80, 90]).readings.isEmpty)
    }

    @Test func aReadingGivesUpWhenItsPaceOutrunsTheBudget() {
        let budget = HandoffProbe.readingBudget
        // 100 of 1,200 trips in a tenth of the budget: 1.2 budgets at that pace.
        expect(HandoffProbe.outrunsBudget(budget / 10, 100, 1_200))
        // 600 of 1,200 in a third of it: two thirds; a quiet machine's 100 trips take ~30 µs.
        expect(!HandoffProbe.outrunsBudget(budget / 3, 600, 1_200))
        expect(!HandoffProbe.outrunsBudget(.microseconds(30), 100, 1_200))
        expect(!HandoffProbe.outrunsBudget(.zero, 0, 1_200))
    }
}
