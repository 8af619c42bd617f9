import LabCore

/// How long to measure.
public struct SamplingPlan: Sendable, Equatable {
    /// Samples per variant (at most; the time budget may stop earlier, never below `minimumSamples`).
    public var samples: Int
    /// Samples per variant for primitive suites, which are measured together
    /// (see `Sampler.measure(together:)`). Their samples are short, so they can
    /// afford more, and more rounds spread each median over more of the
    /// machine's phases: two back-to-back runs then see more nearly the same mix.
    public var primitiveSamples: Int
    public var minimumSamples: Int
    /// Time budget per suite, all variants together.
    public var budget: Duration
    /// A primitive's sample runs at least this long, by choosing its iteration count.
    public var targetSampleTime: Duration
    public var warmupRuns: Int
    /// The adaptive stop: a suite stops sampling once it has `minimumSamples` rounds and each
    /// variant's median is known this closely — the 95% interval's width ÷ the median at or
    /// below it (see `Sampler.isMeasuredEnough`). nil: the sample count or the budget stops it.
    public var stopWidth: Double?
    /// The same for primitive suites (their samples are many and short, their intervals narrower).
    public var primitiveStopWidth: Double?
    /// Rounds every primitive suite takes before the adaptive stop may end it: its samples then
    /// still span a good part of the primitive schedule (see `measure(together:)`).
    public var primitiveMinimumSamples: Int?

    public init(
        samples: Int, primitiveSamples: Int? = nil, minimumSamples: Int = 5, budget: Duration,
        targetSampleTime: Duration = .milliseconds(10), warmupRuns: Int = 2, stopWidth: Double? = nil,
        primitiveStopWidth: Double? = nil, primitiveMinimumSamples: Int? = nil
    ) {
        self.samples = samples
        self.primitiveSamples = primitiveSamples ?? samples
        self.minimumSamples = minimumSamples
        self.budget = budget
        self.targetSampleTime = targetSampleTime
        self.warmupRuns = warmupRuns
        self.stopWidth = stopWidth
        self.primitiveStopWidth = primitiveStopWidth
        self.primitiveMinimumSamples = primitiveMinimumSamples
    }

    /// `--quick`: the adaptive stop ends a suite whose every median is known within 2% (a
    /// primitive suite: 1%, after 31 rounds); the rest take every sample the budget allows.
    /// A primitive's sample lasts about 5 ms: with 8 ms a quiet run took 45–48 s, with 5 ms
    /// 35–39 s. The primitives' intervals came out no wider than those of the build from before
    /// the fast-loops work (eight alternated rounds), though wider than 8 ms's for most variants
    /// (docs/MEASUREMENTS.md, session 15).
    public static let quick = SamplingPlan(
        samples: 31, primitiveSamples: 91, minimumSamples: 9, budget: .seconds(3), targetSampleTime: .milliseconds(5),
        warmupRuns: 1, stopWidth: 0.02, primitiveStopWidth: 0.01, primitiveMinimumSamples: 31)
    public static let full = SamplingPlan(
        samples: 40, primitiveSamples: 100, minimumSamples: 15, budget: .seconds(15),
        targetSampleTime: .milliseconds(20))

    /// The plan for primitive suites measured together.
    public var forPrimitives: SamplingPlan {
        var plan = self
        plan.samples = primitiveSamples
        plan.stopWidth = primitiveStopWidth
        plan.minimumSamples = min(plan.samples, primitiveMinimumSamples ?? minimumSamples)
        return plan
    }
}

/// Runs suites: warm-up, iteration calibration, then samples taken round-robin
/// across the variants, so a change in the machine's speed hits all of them alike.
public enum Sampler {
    public static func measure(
        _ suite: BenchmarkSuite, plan: SamplingPlan,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> [String: [Sample]] {
        await measure(together: [suite], plan: plan, progress: progress)[0]
    }

    /// Measures several suites in one interleaved schedule: every round takes one
    /// sample of every variant of every suite (suites and variants in rotating
    /// order), so each suite's samples are spread over the whole measuring time
    /// instead of one short window of it. On a shared machine whose speed moves
    /// in phases of seconds (see `MemoryProbe`), that is what makes a median
    /// describe the machine's usual state rather than whichever phase a suite
    /// happened to land in. The time budget is per suite, so together they get
    /// the sum. A suite the adaptive stop ends (`SamplingPlan.stopWidth`) sits out the rounds
    /// left. Returns the samples per variant name, one dictionary per suite.
    public static func measure(
        together suites: [BenchmarkSuite], plan: SamplingPlan,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> [[String: [Sample]]] {
        await measure(together: suites, plan: plan, progress: progress, enough: isMeasuredEnough)
    }

    /// The schedule, with the adaptive stop's judgement given (a test gives a scripted one, so
    /// the schedule is tested apart from the machine's timing).
    static func measure(
        together suites: [BenchmarkSuite], plan: SamplingPlan, progress: (@Sendable (Int, Int) -> Void)?,
        enough: (_ secondsPerOperation: [[Double]], _ width: Double) -> Bool
    ) async -> [[String: [Sample]]] {
        var iterations: [[String: Int]] = []
        for suite in suites {
            var counts: [String: Int] = [:]
            for variant in suite.variants {
                for _ in 0..<plan.warmupRuns { await variant.run(1) }
                counts[variant.name] =
                    suite.kind == .pattern
                    ? 1 : await calibrate(variant, target: plan.targetSampleTime)
            }
            iterations.append(counts)
        }
        var samples = [[String: [Sample]]](repeating: [:], count: suites.count)
        let clock = ContinuousClock()
        let start = clock.now
        let budget = plan.budget * max(1, suites.count)
        var round = 0
        // Suites the adaptive stop has ended: they sit out the rounds left.
        var measuredEnough = [Bool](repeating: false, count: suites.count)
        while round < plan.samples && measuredEnough.contains(false) {
            if round >= plan.minimumSamples && start.duration(to: clock.now) > budget { break }
            for index in rotated(suites.indices, by: round) where !measuredEnough[index] {
                let suite = suites[index]
                // Rotate the starting variant each round, so none always runs first.
                for variant in rotated(suite.variants.indices, by: round).map({ suite.variants[$0] }) {
                    let count = iterations[index][variant.name] ?? 1
                    samples[index][variant.name, default: []].append(await sample(variant, iterations: count))
                    if suite.kind == .primitive {
                        iterations[index][variant.name] = recalibrated(
                            count, times: (samples[index][variant.name] ?? []).suffix(5).map(\.secondsPerOperation),
                            target: plan.targetSampleTime)
                    }
                }
                // Never before `minimumSamples` rounds: a few samples can agree by luck.
                if let width = plan.stopWidth, round + 1 >= plan.minimumSamples {
                    measuredEnough[index] = enough(
                        suite.variants.map { (samples[index][$0.name] ?? []).map(\.secondsPerOperation) }, width)
                }
            }
            round += 1
            progress?(round, plan.samples)
        }
        return samples
    }

    /// The iteration count for a primitive's next sample. Calibration fixes it once, from one
    /// moment of the machine; a scheduler-bound primitive (a contended lock, `Task.yield()`) can
    /// run 3–5× slower or faster later, and its samples then last 30–40 ms instead of the target
    /// (measured: a quick run's primitive samples took 36 s instead of 25 s) — time that adds no
    /// sample. So when the median time per operation of the last samples (`times`: five) says a
    /// sample now lasts over twice the target or under half of it, the count is set back to the
    /// target; in between it stays, and one or two outlying samples never move it (the median
    /// does not follow them). The statistics are per operation, so samples of different counts
    /// pool as before.
    static func recalibrated(_ iterations: Int, times: [Double], target: Duration) -> Int {
        guard times.count >= 3 else { return iterations }
        let perOperation = Statistics.quantile(times.sorted(), 0.5)
        guard perOperation > 0 else { return iterations }
        let expected = perOperation * Double(iterations)
        guard expected > 2 * target.seconds || expected < target.seconds / 2 else { return iterations }
        // Capped as calibration is: an operation too cheap to time (the empty one) would
        // otherwise ask for more iterations than an Int holds.
        return Int(min(Double(1 << 30), max(1, (target.seconds / perOperation).rounded(.up))))
    }

    /// The adaptive stop, as benchmark harnesses do it: sampling a suite ends once each
    /// variant's median is known closely enough — its 95% interval (`Statistics.
    /// medianConfidenceInterval`) no wider than `width` × the median — rather than at a fixed
    /// count. A variant whose samples agree needs fewer of them; one whose samples scatter still
    /// gets the full count, and its interval is what it would have been. A suite stops as a
    /// whole: its variants, compared with one another, keep sharing every round.
    /// `times`: each variant's seconds per operation so far.
    static func isMeasuredEnough(_ times: [[Double]], width: Double) -> Bool {
        !times.isEmpty
            && times.allSatisfy { variant in
                let sorted = variant.sorted()
                let median = Statistics.quantile(sorted, 0.5)
                guard !sorted.isEmpty, median > 0 else { return false }
                let (low, high) = Statistics.medianConfidenceInterval(sorted)
                return (high - low) / median <= width
            }
    }

    static func rotated(_ indices: Range<Int>, by offset: Int) -> [Int] {
        indices.map { indices.lowerBound + ($0 - indices.lowerBound + offset) % indices.count }
    }

    /// The iteration count that makes one sample last about `target`, doubling
    /// from 1 (a timer read costs tens of ns; a sample must dwarf it).
    public static func calibrate(_ variant: BenchmarkVariant, target: Duration) async -> Int {
        await calibrate(target: target) { iterations in
            let clock = ContinuousClock()
            let start = clock.now
            await variant.run(iterations)
            return start.duration(to: clock.now)
        }
    }

    /// The search itself, over how long `timed` says a run of N operations took (a test gives
    /// it a cost model instead of a clock, so the search is tested apart from the machine's speed).
    static func calibrate(target: Duration, timed: (Int) async -> Duration) async -> Int {
        var iterations = 1
        while iterations < 1 << 30 {
            let elapsed = await timed(iterations)
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
        let clock = ContinuousClock()
        // The CPU time's own window, read outside the two getrusage calls (see `cpuWindowSeconds`).
        let windowStart = clock.now
        let before = ResourceUsage.now()
        let allocatedBefore = AllocationCounter.read()
        let hopsBefore = HopCounter.read()
        let retainsBefore = RetainCounter.read()
        let start = clock.now
        await variant.run(iterations)
        let wall = start.duration(to: clock.now).seconds
        let retainsAfter = RetainCounter.read()
        let hopsAfter = HopCounter.read()
        let allocatedAfter = AllocationCounter.read()
        let after = ResourceUsage.now()
        let window = windowStart.duration(to: clock.now).seconds
        let threads = ResourceUsage.threadCount()
        let figures = await variant.figures?() ?? []
        return Sample(
            iterations: iterations, wallSeconds: wall, cpuSeconds: max(0, after.cpuSeconds - before.cpuSeconds),
            voluntarySwitches: after.voluntarySwitches - before.voluntarySwitches,
            involuntarySwitches: after.involuntarySwitches - before.involuntarySwitches,
            peakMemoryBytes: after.maxResidentBytes, threads: threads, figures: figures, process: nil,
            probeNanoseconds: probe,
            allocations: allocatedAfter.flatMap { after in allocatedBefore.map { after - $0 } },
            hops: hopsAfter.flatMap { after in hopsBefore.map { after - $0 } },
            retains: retainsAfter.flatMap { after in retainsBefore.map { after - $0 } }, cpuWindowSeconds: window)
    }
}
