import Foundation
import LabConsole
import LabCore
import LabProcesses
import LabTrace

extension BenchCommand {
    /// Measures the suites, with a progress bar on a terminal. Primitive suites
    /// are sampled together in one interleaved schedule (see
    /// `Sampler.measure(together:)`), so each one's samples span the whole
    /// primitive part of the run; pattern suites, stable and long per sample,
    /// one after another. With `processes` > 1 the primitive schedule runs in
    /// that many worker processes, one after another, and their samples are
    /// pooled: some of a machine's variation is per process, and one process
    /// cannot show it.
    /// A worker process that fails stops the run (`BenchError.workerFailed`): measuring in
    /// this process instead would give a report that says N processes and means one.
    public func measure(
        _ selected: [BenchmarkSuite], plan: SamplingPlan, quick: Bool, terminal: Terminal,
        quiet: Bool = false, processes: Int = 1, workerArguments: [String] = []
    ) async throws -> BenchmarkReport {
        let width = await probes.executorWidth()
        let bar = Locked(ProgressBar(title: program, total: selected.count, terminal: terminal))
        let show: @Sendable (Double) -> Void = { done in
            if !quiet { bar.withLock { $0.update(done: Int(done.rounded(.down))) } }
        }
        show(0)
        // The handoff probe is read only in the gaps between measurements (see HandoffProbe).
        var handoffs = await probes.handoffGap()
        var samples: [String: [String: [Sample]]] = [:]
        let primitives = selected.filter { $0.kind == .primitive }
        if !primitives.isEmpty {
            let share = Double(primitives.count)
            if processes > 1 {
                do {
                    samples = try await sampleInWorkers(
                        primitives, processes: processes, plan: plan.forPrimitives, quick: quick,
                        extra: workerArguments,
                        progress: {
                            handoffs += await probes.handoffGap()
                            show(share * Double($0) / Double(processes))
                        })
                } catch {
                    if !quiet { bar.withLock { $0.finish() } }
                    throw error
                }
            } else {
                let measured = await Sampler.measure(together: primitives, plan: plan.forPrimitives) { round, rounds in
                    show(share * Double(round) / Double(rounds))
                }
                for (suite, suiteSamples) in zip(primitives, measured) { samples[suite.name] = suiteSamples }
                handoffs += await probes.handoffGap()
            }
        }
        var done = primitives.count
        for suite in selected where suite.kind == .pattern {
            samples[suite.name] = await Sampler.measure(suite, plan: plan)
            handoffs += await probes.handoffGap()
            done += 1
            show(Double(done))
        }
        var results: [SuiteResult] = []
        for suite in selected {
            var timelines: [SuiteResult.Timeline] = []
            for variant in suite.variants {
                guard let traced = variant.traced else { continue }
                let probe = Probe()
                await traced(probe)
                timelines.append(SuiteResult.Timeline(variant: variant.name, spans: probe.spans))
            }
            results.append(Analysis.analyze(suite, samples: samples[suite.name] ?? [:], timelines: timelines))
        }
        if !quiet {
            bar.withLock {
                $0.update(done: selected.count)
                $0.finish()
            }
        }
        return Self.report(
            results, executorWidth: width, handoffs: handoffs, plan: plan, quick: quick,
            processes: processes)
    }

    static func report(
        _ results: [SuiteResult], executorWidth: Int, handoffs: [Double], plan: SamplingPlan, quick: Bool,
        processes: Int
    ) -> BenchmarkReport {
        BenchmarkReport(
            schema: BenchmarkReport.schema, createdAt: ISO8601DateFormatter().string(from: Date()),
            environment: .init(
                machine: .current(), executorWidth: executorWidth,
                steadiness: Steadiness(
                    samples: results.flatMap(\.variants).flatMap(\.samples), handoffReadings: handoffs),
                allocationCounting: AllocationCounter.unavailableReason ?? "counted",
                hopCounting: HopCounter.unavailableReason ?? "counted",
                retainCounting: RetainCounter.unavailableReason ?? "counted"),
            plan: .init(
                samples: plan.samples, budgetSeconds: plan.budget.seconds, quick: quick,
                primitiveSamples: plan.primitiveSamples,
                processes: processes > 1 ? processes : nil, stopWidth: plan.stopWidth,
                primitiveStopWidth: plan.primitiveStopWidth),
            suites: results)
    }

    /// `lab bench --scan`: the suite at each value, measured in one interleaved schedule (so
    /// the machine's drift hits every point alike), then the curve and what it shows.
    public func measureScan(
        _ suite: BenchmarkSuite, scan: Scan, values: [Int], plan: SamplingPlan, quick: Bool, terminal: Terminal,
        quiet: Bool = false
    ) async -> BenchmarkReport {
        let width = await probes.executorWidth()
        var points: [BenchmarkSuite] = []
        for value in values {
            points.append(await scan.suite(value, width).named("\(suite.name) [\(scan.parameter) = \(value)]"))
        }
        let bar = Locked(ProgressBar(title: program + " --scan", total: 100, terminal: terminal))
        let handoffs = await probes.handoffGap()
        let measured = await Sampler.measure(together: points, plan: plan) { round, rounds in
            if !quiet { bar.withLock { $0.update(done: 100 * round / rounds) } }
        }
        if !quiet {
            bar.withLock {
                $0.update(done: 100)
                $0.finish()
            }
        }
        let results = zip(points, measured).map { Analysis.analyze($0, samples: $1) }
        var report = Self.report(
            results, executorWidth: width, handoffs: handoffs, plan: plan, quick: quick, processes: 1)
        report.scans = [
            ScanAnalysis.analyze(suite: suite.name, scan: scan, values: values, results: results, executorWidth: width)
        ]
        return report
    }

    /// Runs `lab bench --worker SUITE…` in `processes` fresh processes, one at a
    /// time, and pools their samples by suite and variant, each tagged with its process.
    func sampleInWorkers(
        _ suites: [BenchmarkSuite], processes: Int, plan: SamplingPlan, quick: Bool, extra: [String],
        progress: (Int) async -> Void
    ) async throws -> [String: [String: [Sample]]] {
        let executable = try ExecutableLocation.relaunchHost()
        var pooled: [String: [String: [Sample]]] = [:]
        for process in 1...processes {
            let arguments =
                workerPrefix + suites.flatMap { ["--worker", $0.name] }
                + ["--samples", "\(plan.samples)", "--time", "\(max(0.1, plan.budget.seconds))"]
                + (quick ? ["--quick"] : []) + extra
            let worker: ProcessCapture
            do {
                // Suspends while the worker runs.
                worker = try await ProcessCapture.run(executable, arguments, timeout: 900)
            } catch {
                throw BenchError.workerFailed(
                    process: process, of: processes, reason: "could not start: \(error.localizedDescription)")
            }
            let said = worker.standardError.split(separator: "\n").last.map { ": " + $0 } ?? ""
            guard !worker.timedOut else {
                throw BenchError.workerFailed(process: process, of: processes, reason: "did not finish in 900 s")
            }
            guard worker.status == 0, !worker.crashed else {
                let how =
                    worker.crashed ? "was stopped by signal \(worker.status)" : "exited with status \(worker.status)"
                throw BenchError.workerFailed(process: process, of: processes, reason: how + said)
            }
            let sent: WorkerSamples
            do { sent = try WorkerSamples.decode(Data(worker.standardOutput.utf8)) } catch {
                throw BenchError.workerFailed(
                    process: process, of: processes, reason: "printed something that is not a lab bench results file")
            }
            for (suite, variants) in sent.suites {
                for (variant, samples) in variants {
                    pooled[suite, default: [:]][variant, default: []] += samples.map { sample in
                        var tagged = sample
                        tagged.process = process
                        return tagged
                    }
                }
            }
            await progress(process)
        }
        return pooled
    }
}
