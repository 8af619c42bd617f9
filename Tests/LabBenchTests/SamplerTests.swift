import Foundation
import Testing

@testable import LabBench
@testable import LabCore

@Suite("Sampling: calibration and interleaving")
struct SamplerTests {
    /// The search, on a cost model (the machine's speed may change between calibrating and
    /// timing, which is exactly what a test of the search must not depend on).
    @Test(arguments: [Duration.nanoseconds(3), .microseconds(2), .milliseconds(7), .seconds(1)])
    func calibrationMakesASampleLastAboutTheTarget(perOperation: Duration) async {
        let target = Duration.milliseconds(5)
        let iterations = await Sampler.calibrate(target: target) { perOperation * $0 }
        expect(perOperation * iterations >= target || iterations == 1, "a calibrated sample is long enough to time")
        expect(
            iterations == 1 || perOperation * (iterations - 1) < target * 2, "and not much longer than it needs to be")
    }

    /// The same with the real clock: a sample of real work, counted, and the count plausible.
    @Test func calibrationTimesRealWork() async {
        let units = CPUWork.units(for: .microseconds(2))
        let variant = BenchmarkVariant("burn") { iterations in
            for _ in 0..<iterations { BlackHole.consume(CPUWork.run(units: units)) }
        }
        // One iteration is what calibration rightly answers when its first, 2 µs run took 5 ms:
        // a stall of the machine in that instant. Asked three times, a calibration that always
        // answers 1 (the bug) still fails; three stalls in three such instants do not happen.
        var iterations = 1
        for _ in 0..<3 where iterations == 1 {
            iterations = await Sampler.calibrate(variant, target: .milliseconds(5))
        }
        expect(iterations > 1 && iterations < 1 << 30)
    }

    @Test func variantsAreInterleavedRoundRobinWithARotatingStart() async {
        let calls = Locked<[String]>([])
        let variants = ["a", "b", "c"].map { name in
            BenchmarkVariant(name) { _ in calls.withLock { $0.append(name) } }
        }
        let suite = BenchmarkSuite(name: "order", kind: .pattern, summary: "", reference: "a", variants: variants)
        let plan = SamplingPlan(samples: 3, minimumSamples: 3, budget: .seconds(10), warmupRuns: 0)
        let samples = await Sampler.measure(suite, plan: plan)
        expectEqual(calls.withLock { $0 }, ["a", "b", "c", "b", "c", "a", "c", "a", "b"])
        expect(samples.values.allSatisfy { $0.count == 3 })
    }

    @Test func suitesMeasuredTogetherShareEveryRoundInRotatingOrder() async {
        let calls = Locked<[String]>([])
        let plan = SamplingPlan(samples: 2, minimumSamples: 2, budget: .seconds(10), warmupRuns: 0)
        let samples = await Sampler.measure(
            together: [
                recordingSuite("one", ["a", "b"], into: calls), recordingSuite("two", ["x", "y"], into: calls),
            ], plan: plan)
        // Round 1: suite one then two, each from its first variant; round 2: both rotated.
        expectEqual(calls.withLock { $0 }, ["a", "b", "x", "y", "y", "x", "b", "a"])
        expectEqual(samples.count, 2)
        expect(
            samples[0].keys.sorted() == ["a", "b"] && samples[1].keys.sorted() == ["x", "y"],
            "samples stay with their suite")
        expect(samples.allSatisfy { $0.values.allSatisfy { $0.count == 2 } })
    }

    @Test func theBudgetStopsSamplingButNeverBelowTheMinimum() async {
        let variant = BenchmarkVariant("slow") { _ in try? await Task.sleep(for: .milliseconds(20)) }
        let suite = BenchmarkSuite(name: "budget", kind: .pattern, summary: "", reference: "slow", variants: [variant])
        let plan = SamplingPlan(samples: 100, minimumSamples: 4, budget: .milliseconds(1), warmupRuns: 0)
        let samples = await Sampler.measure(suite, plan: plan)
        expectEqual(samples["slow"]?.count, 4)
    }

    @Test func samplesCarryResourceMetrics() async {
        let units = CPUWork.units(for: .milliseconds(5))
        let variant = BenchmarkVariant("cpu") { _ in BlackHole.consume(CPUWork.run(units: units)) }
        let clock = ContinuousClock()
        let outerStart = clock.now
        let sample = await Sampler.sample(variant, iterations: 1)
        let outer = outerStart.duration(to: clock.now).seconds
        // Structure, not speed: calibrated work can run several times faster or slower than
        // calibrated on this shared machine (seen: 1.3 ms for "5 ms" while a build ran).
        expectAbove(sample.wallSeconds, 0)
        expectAbove(sample.cpuSeconds, 0, "getrusage saw the CPU time")
        // The CPU time's window holds the timed run and lies inside this test's wait for the sample.
        let window = sample.cpuWindowSeconds ?? 0
        expect(window >= sample.wallSeconds && window <= outer, "window \(window) s, run \(sample.wallSeconds) s")
        // Process-wide CPU time (tests running beside this one add theirs) fits in that window on
        // every core, give or take a scheduler tick per core: Linux adds a running thread's time to
        // its process's at a tick or a switch, so the first reading can lag each other running
        // thread by up to one (10 ms at the slowest common rate, 100 Hz). Over the run's own wall
        // time it need not fit: a thread preempted between a reading and the clock lets the others'
        // CPU time in (seen: 32.5 ms of CPU for 9.9 ms of wall on 2 cores, when the parallelism
        // divided by the run's time). Cores: as Foundation counts them, which `taskset` does not
        // narrow, so there the bound is looser.
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        let tick = 0.010
        expectAtMost(
            sample.cpuSeconds, (window + tick) * cores,
            "the process's CPU time fits in the window it was read over, on every core")
        expectEqual(sample.parallelism, sample.cpuSeconds / window)
        expectAbove(sample.peakMemoryBytes, 1_000_000)
        #if os(Linux)
            expectAtLeast((sample.threads ?? 0), 1)
        #endif
    }
}

@Suite("Sampling: parallelism is CPU time over the wall time it was read over")
struct ParallelismTests {
    static func sample(wall: Double, cpu: Double, window: Double?) -> Sample {
        Sample(
            iterations: 1, wallSeconds: wall, cpuSeconds: cpu, voluntarySwitches: 0, involuntarySwitches: 0,
            peakMemoryBytes: 0, threads: nil, figures: [], process: nil, probeNanoseconds: nil, allocations: nil,
            cpuWindowSeconds: window)
    }

    @Test func theWindowTheCPUTimeWasReadOverDividesIt() throws {
        // 30 ms of CPU read over 20 ms, around a run of 10 ms: 1.5, not 3 (which two cores cannot do).
        expectEqual(Self.sample(wall: 0.010, cpu: 0.030, window: 0.020).parallelism, 1.5)
        expectEqual(Self.sample(wall: 0.010, cpu: 0.030, window: 0).parallelism, 0)
    }

    @Test func resultsWrittenBeforeTheWindowUseTheRunsWallTime() throws {
        let old = try JSONDecoder().decode(
            Sample.self,
            from: Data(
                #"{"iterations": 1, "wallSeconds": 0.01, "cpuSeconds": 0.02, "voluntarySwitches": 0, "involuntarySwitches": 0, "peakMemoryBytes": 0, "figures": []}"#
                    .utf8))
        expectEqual(old.cpuWindowSeconds, nil)
        expectEqual(old.parallelism, 2)
        let encoded = try JSONEncoder().encode(Self.sample(wall: 0.01, cpu: 0.02, window: 0.015))
        try expectEqual(JSONDecoder().decode(Sample.self, from: encoded).cpuWindowSeconds, 0.015)
    }
}

@Suite("Sampling: a primitive's iteration count follows a lasting change of speed")
struct RecalibrationTests {
    let target = Duration.milliseconds(8)

    @Test func aCountThatStillFitsTheTargetStays() {
        // 1,000,000 operations of 8 ns: 8 ms, the target; within ×2 either way nothing moves.
        expectEqual(Sampler.recalibrated(1_000_000, times: [8e-9, 8e-9, 8e-9], target: target), 1_000_000)
        expectEqual(Sampler.recalibrated(1_000_000, times: [15e-9, 15e-9, 15e-9], target: target), 1_000_000)
        expectEqual(Sampler.recalibrated(1_000_000, times: [4.5e-9, 4.5e-9, 4.5e-9], target: target), 1_000_000)
    }

    @Test func aLastingSlowdownOrSpeedupSetsTheCountBackToTheTarget() {
        // Now 40 ns an operation: a sample of 1,000,000 would last 40 ms; 200,000 last 8 ms.
        expectEqual(Sampler.recalibrated(1_000_000, times: [40e-9, 41e-9, 39e-9], target: target), 200_000)
        // Now 2 ns: 4,000,000 operations fill 8 ms.
        expectEqual(Sampler.recalibrated(1_000_000, times: [2e-9, 2e-9, 2e-9], target: target), 4_000_000)
    }

    @Test func anOperationTooCheapToTimeKeepsCalibrationsCap() {
        // The empty operation: femtoseconds "per operation" would ask for 10^20 iterations.
        expectEqual(Sampler.recalibrated(1 << 30, times: [1e-23, 1e-23, 1e-23], target: target), 1 << 30)
        expectEqual(Sampler.recalibrated(1 << 20, times: [1e-23, 1e-23, 1e-23], target: target), 1 << 30)
    }

    @Test func oneOrTwoOutlyingSamplesDoNotMoveIt() {
        expectEqual(
            Sampler.recalibrated(1_000_000, times: [8e-9, 90e-9, 8e-9, 80e-9, 8e-9], target: target), 1_000_000)
        expectEqual(
            Sampler.recalibrated(1_000_000, times: [90e-9, 80e-9], target: target), 1_000_000, "too few to judge")
    }
}
