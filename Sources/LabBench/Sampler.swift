import Foundation
import LabKit

/// How long to measure.
public struct SamplingPlan: Sendable, Equatable {
    /// Samples per variant (at most; the time budget may stop earlier, never below `minimumSamples`).
    public var samples: Int
    public var minimumSamples: Int
    /// Time budget per suite, all variants together.
    public var budget: Duration
    /// A primitive's sample runs at least this long, by choosing its iteration count.
    public var targetSampleTime: Duration
    public var warmupRuns: Int

    public init(samples: Int, minimumSamples: Int = 5, budget: Duration, targetSampleTime: Duration = .milliseconds(10), warmupRuns: Int = 2) {
        self.samples = samples
        self.minimumSamples = minimumSamples
        self.budget = budget
        self.targetSampleTime = targetSampleTime
        self.warmupRuns = warmupRuns
    }

    public static let quick = SamplingPlan(samples: 31, minimumSamples: 9, budget: .seconds(3), targetSampleTime: .milliseconds(8))
    public static let full = SamplingPlan(samples: 40, minimumSamples: 15, budget: .seconds(15), targetSampleTime: .milliseconds(20))
}

/// Runs a suite: warm-up, iteration calibration, then samples taken round-robin
/// across the variants, so a change in the machine's speed hits all of them alike.
public enum Sampler {
    public static func measure(_ suite: BenchmarkSuite, plan: SamplingPlan,
                               progress: (@Sendable (Int, Int) -> Void)? = nil) async -> [String: [Sample]] {
        var iterations: [String: Int] = [:]
        for variant in suite.variants {
            for _ in 0..<plan.warmupRuns { await variant.run(1) }
            iterations[variant.name] = suite.kind == .pattern
                ? 1 : await calibrate(variant, target: plan.targetSampleTime)
        }
        var samples: [String: [Sample]] = [:]
        let clock = ContinuousClock()
        let start = clock.now
        var round = 0
        while round < plan.samples {
            if round >= plan.minimumSamples && start.duration(to: clock.now) > plan.budget { break }
            // Rotate the starting variant each round, so none always runs first.
            let order = suite.variants.indices.map { suite.variants[($0 + round) % suite.variants.count] }
            let handoff = HandoffProbe.read()
            for variant in order {
                var taken = await sample(variant, iterations: iterations[variant.name] ?? 1)
                taken.handoffNanoseconds = handoff
                samples[variant.name, default: []].append(taken)
            }
            round += 1
            progress?(round, plan.samples)
        }
        return samples
    }

    /// The iteration count that makes one sample last about `target`, doubling
    /// from 1 (a timer read costs tens of ns; a sample must dwarf it).
    public static func calibrate(_ variant: BenchmarkVariant, target: Duration) async -> Int {
        let clock = ContinuousClock()
        var iterations = 1
        while iterations < 1 << 30 {
            let start = clock.now
            await variant.run(iterations)
            let elapsed = start.duration(to: clock.now)
            if elapsed >= target { return iterations }
            if elapsed < target / 16 {
                iterations *= 8
            } else {
                let scaled = Double(iterations) * target.seconds / max(elapsed.seconds, 1e-9)
                return max(iterations + 1, Int(scaled.rounded(.up)))
            }
        }
        return iterations
    }

    static func sample(_ variant: BenchmarkVariant, iterations: Int) async -> Sample {
        let probe = MemoryProbe.read()
        let before = ResourceUsage.now()
        let clock = ContinuousClock()
        let start = clock.now
        await variant.run(iterations)
        let wall = start.duration(to: clock.now).seconds
        let after = ResourceUsage.now()
        let threads = ResourceUsage.threadCount()
        let extra = await variant.extraMetrics?() ?? [:]
        return Sample(iterations: iterations, wallSeconds: wall, cpuSeconds: max(0, after.cpuSeconds - before.cpuSeconds),
                      voluntarySwitches: after.voluntarySwitches - before.voluntarySwitches,
                      involuntarySwitches: after.involuntarySwitches - before.involuntarySwitches,
                      peakMemoryBytes: after.maxResidentBytes, threads: threads, extra: extra, process: nil, probeNanoseconds: probe)
    }
}
