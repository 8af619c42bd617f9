import Foundation
import LabConsole
import Testing

@testable import LabBench
@testable import LabCore

@Suite("Machine steadiness: probes, their range, and what reports say")
struct SteadinessTests {
    static func samples(memory: [Double]) -> [Sample] {
        memory.map { reading in
            var sample = Fixture.sample(0.001)
            sample.probeNanoseconds = reading
            return sample
        }
    }

    static func report(memory: [Double]) -> BenchmarkReport {
        var report = Fixture.report()
        report.environment.steadiness = Steadiness(samples: samples(memory: memory), handoffReadings: [])
        return report
    }

    @Test func aRangeIsTheFifthToNinetyFifthPercentileOfTheReadings() throws {
        let range = try unwrap(Steadiness.Range(readings: (1...21).map(Double.init)))
        expectEqual(range.medianNanoseconds, 11)
        expectEqual(range.lowNanoseconds, 2)
        expectEqual(range.highNanoseconds, 20)
        expectEqual(range.readings, 21)
        expectBelow(abs(range.spread - 9), 1e-12, "20 ÷ 2 − 1")
        expectEqual(Steadiness.Range(readings: [1, 2]), nil, "too few readings to say anything")
        expectEqual(Steadiness.Range(readings: [0, .nan, -1, .infinity]), nil, "failed readings are not readings")
    }

    @Test func aSteadyMachineAndAMovingOneAreToldApart() throws {
        let steady = try unwrap(
            Steadiness(
                samples: Self.samples(memory: (0..<20).map { 1.0 + Double($0) * 0.001 }),
                handoffReadings: Array(repeating: 60, count: 20)))
        expect(steady.isSteady)
        expect(steady.sentence.hasPrefix("Machine steady"))
        let moving = try unwrap(
            Steadiness(
                samples: Self.samples(memory: Array(repeating: 1.0, count: 20)),
                handoffReadings: (0..<20).map { $0 < 10 ? 60 : 340 }))
        expect(!moving.isSteady, "the memory probe held still, but the cores moved apart")
        expectContains(moving.sentence, "not steady")
        expectContains(moving.sentence, "core-to-core round trip")
        expectEqual(
            Steadiness(samples: [Fixture.sample(0.001)], handoffReadings: []), nil, "no probe readings, no claim")
    }

    @Test func theProbesReadPlausibleTimesOnThisMachine() async throws {
        // The least of up to 40 readings, each after a short sleep, ending at the first plausible one:
        // one reading is 20,000 adds, and a thread preempted for 20 ms within them (a busy CPU, the
        // sanitizer's lane) reads 1,000 ns. Five back to back all read over 1,000 ns once, in CI's
        // sanitized suite with the machine at a load of 18 (session 58); a thread just woken from a
        // sleep is the likeliest to run its reading through. A probe that is wrong (a unit off by a
        // thousand, no adds timed) reads wrong every time, and still fails.
        var memory = Double.infinity
        for _ in 0..<40 where !(memory > 0.05 && memory < 1_000) {
            try await Task.sleep(for: .milliseconds(5))
            memory = min(memory, MemoryProbe.read())
        }
        expect(memory > 0.05 && memory < 1_000, "an atomic add costs about a nanosecond, not \(memory) ns")
        // One CPU (taskset -c 0): no core-to-core trip to time, so no reading (HandoffProbe).
        guard UsableCPUs.count >= 2 else {
            expectEqual(HandoffProbe.read(), nil)
            return
        }
        // A reading gives up when the other thread cannot get a CPU, as on a machine busy with
        // other work (the rest of a parallel `swift test`, say): so the test tries up to 20 times,
        // a moment apart, for a reading. Each spins two threads for up to 2 s, off the pool (`MachineProbes.live`).
        var handoffs: [Double] = []
        let idleBefore = MachineIdle.seconds()
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<20 where handoffs.isEmpty {
            let gap = await MachineProbes.live.handoffGap()
            if !gap.isEmpty {
                expectAtMost(gap.count, HandoffProbe.readingsPerGap)
                handoffs += gap
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        // Unless no CPU was ever free meanwhile (CI's sanitized suite beside its one-CPU lane and a
        // CPU-bound process): then the probe rightly gives up. Judged by the machine's idle time
        // where the system tells it (Linux); elsewhere a reading is expected.
        let idle = MachineIdle.seconds().flatMap { after in idleBefore.map { after - $0 } }
        let elapsed = started.duration(to: clock.now) / .seconds(1)
        let aCPUWasFree = idle.map { $0 > 0.25 * elapsed } ?? true
        expect(
            !handoffs.isEmpty || !aCPUWasFree,
            "two threads can bounce a cache line on a machine with two CPUs, in 20 tries (idle \(idle ?? -1) s of \(elapsed) s)"
        )
        // Generous on purpose: on a busy machine the two threads can share a core, and each
        // trip then waits for the scheduler (a CI run with two CPU-bound processes beside it
        // read over 1 ms a trip under the thread sanitizer). Still catches a wrong unit.
        for handoff in handoffs { expect(handoff > 1 && handoff < 100_000_000, "\(handoff) ns a round trip") }
    }

    @Test func theSamplerTakesAMemoryReadingBeforeEverySample() async {
        let variants = ["a", "b"].map { name in BenchmarkVariant(name) { _ in } }
        let suite = BenchmarkSuite(name: "probed", kind: .pattern, summary: "", reference: "a", variants: variants)
        let plan = SamplingPlan(samples: 4, minimumSamples: 4, budget: .seconds(10), warmupRuns: 0)
        let taken = await Sampler.measure(suite, plan: plan).values.flatMap { $0 }
        expectEqual(taken.count, 8)
        expect(taken.allSatisfy { ($0.probeNanoseconds ?? 0) > 0 })
    }

    @Test func aRunReportsBothProbesWithTheHandoffReadBetweenSuites() async throws {
        let suites = ["one", "two"].map { name in
            BenchmarkSuite(
                name: name, kind: .pattern, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        }
        let plan = SamplingPlan(samples: 3, minimumSamples: 3, budget: .seconds(10), warmupRuns: 0)
        // The gaps are counted with a stand-in: the real probe's readings are this file's first
        // test's, and here they would time the tests running beside this one.
        let gaps = Locked(0)
        var command = BenchCommand(suites: suites)
        command.probes = MachineProbes(
            executorWidth: { 2 },
            handoffGap: {
                gaps.withLock { $0 += 1 }
                return [100, 200]
            })
        let report = try await command.measure(suites, plan: plan, quick: true, terminal: .plain(), quiet: true)
        let steadiness = try unwrap(report.environment.steadiness)
        expectEqual(steadiness.memory?.readings, 6, "one memory reading per sample")
        expectEqual(gaps.withLock { $0 }, 3, "read at the start and after each suite, never per sample (six samples)")
        expectEqual(steadiness.handoff?.readings, 6, "every gap's readings are reported")
    }

    @Test func everyFormatSaysHowSteadyTheMachineWas() throws {
        let report = Self.report(memory: (0..<10).map { $0 < 5 ? 1.0 : 1.4 })
        let decoded = try BenchmarkReport.decode(try report.encoded())
        expectEqual(decoded.environment.steadiness, report.environment.steadiness, "steadiness survives the JSON")
        let object = try unwrap(try JSONSerialization.jsonObject(with: try report.encoded()) as? [String: Any])
        let environment = try unwrap(object["environment"] as? [String: Any])
        let steadiness = try unwrap(environment["steadiness"] as? [String: Any])
        expectEqual(
            Set((steadiness["memory"] as? [String: Any])?.keys.map { $0 } ?? []),
            [
                "median_nanoseconds", "low_nanoseconds", "high_nanoseconds", "readings",
            ])
        expectContains(TerminalReport.render(report, terminal: .plain()), "Machine not steady")
        expectContains(MarkdownReport.render(report), "> Machine not steady")
        expectContains(HTMLReport.render(report), "<p class=\"warning\">Machine not steady")
    }

    /// With stand-in probes (the real ones are the first test's): the watch's seconds, its
    /// readings and its line, not two seconds of two threads spinning beside the other tests.
    @Test func watchingTheMachineReportsEverySecondAndARange() async {
        var seconds: [SteadinessWatch.Second] = []
        let readings = Locked(0)
        let steadiness = await SteadinessWatch.watch(
            seconds: 2,
            reading: {
                readings.withLock { $0 += 1 }
                return (1.5, 120)
            }
        ) { seconds.append($0) }
        expectEqual(seconds.map(\.index), [1, 2])
        expect(seconds.allSatisfy { $0.memoryNanoseconds == 1.5 && $0.handoffNanoseconds == 120 }, "every second read")
        // How many readings fit in a second is the machine's business (a busy one resumes the
        // watch late), within bounds that are the watch's: at least one a second, and never two
        // less than `interval` apart (the probes would sample each other).
        let taken = readings.withLock { $0 }
        let most = 2 * Int(Duration.seconds(1) / SteadinessWatch.interval) + 2
        expect(taken >= 2 && taken <= most, "\(taken) readings in two seconds")
        // Every reading is in the result; a range needs three, so two readings make none.
        expectEqual(steadiness?.memory?.readings, (taken >= 3 ? taken : nil))
        expectEqual(steadiness?.handoff?.readings, (taken >= 3 ? taken : nil))
        let line = SteadinessWatch.line(seconds[0])
        expect(line.hasPrefix("   1 s") && line.contains("memory probe") && line.contains("120 ns"))
    }

    @Test func theCSVCarriesEveryMemoryProbeReading() throws {
        let definition = BenchmarkSuite(
            name: "probed", kind: .primitive, summary: "", reference: "a", variants: [BenchmarkVariant("a") { _ in }])
        var samples = Self.samples(memory: [1.0, 1.1])
        samples.append(Fixture.sample(0.001))
        let result = Analysis.analyze(definition, samples: ["a": samples])
        let rows = CSVParser.rows(CSVReport.render(Fixture.report([result])))
        let probe = try unwrap(rows[0].firstIndex(of: "probe_nanoseconds"))
        expectEqual(
            rows.dropFirst().map { $0[probe] }, ["1.0", "1.1", ""], "a sample without a reading is an empty field")
    }

    @Test func aComparisonSaysWhenTheMachineMovedButLeavesTheVerdictToTheMeasurements() {
        let before = Self.report(memory: Array(repeating: 1.0, count: 10))
        let slowerMachine = Self.report(memory: Array(repeating: 1.3, count: 10))
        let moved = Comparison(baseline: before, current: slowerMachine, thresholdPercent: 5)
        expectEqual(moved.machineNote?.contains("30% slower"), true, "\(moved.machineNote ?? "no note")")
        expectEqual(moved.exitStatus, 0, "identical measurements: no change, whatever the probe says")
        expectContains(TerminalReport.render(moved, terminal: .plain()), "may be the machine, not the code")
        expectEqual(Comparison(baseline: before, current: before, thresholdPercent: 5).machineNote, nil)
        expectEqual(
            Comparison(baseline: before, current: slowerMachine, thresholdPercent: 50).machineNote, nil,
            "a shift below the threshold is not worth a note")
        expectEqual(
            Comparison(baseline: Fixture.report(), current: slowerMachine, thresholdPercent: 5).machineNote, nil,
            "an older results file without probes: nothing to compare")
    }
}

/// The machine's idle CPU time so far, in seconds summed over its CPUs, where the system says
/// (Linux's /proc/stat, in clock ticks); nil elsewhere.
enum MachineIdle {
    static func seconds() -> Double? {
        #if os(Linux)
            guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
            else { return nil }
            let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            // user nice system idle iowait …: idle and iowait are time no thread wanted the CPU.
            let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
            guard ticks.count >= 5, perSecond > 0 else { return nil }
            return (ticks[3] + ticks[4]) / perSecond
        #else
            return nil
        #endif
    }
}
