import Foundation
import LabKit

/// `lab bench`: select suites, measure, report, save and compare baselines.
///
/// Exit status: 0 done (and, with --compare, no significant change beyond the
/// threshold); 1 a significant regression; 2 bad usage; 3 only improvements.
public struct BenchCommand {
    public static let parser = ArgumentParser(options: [
        OptionSpec("list", help: "List the suites and their variants"),
        OptionSpec("quick", help: "A short run: the whole set in under a minute on 2 cores"),
        OptionSpec("samples", value: "N", help: "Samples per variant (default 40, primitives 100; quick 31, primitives 91)"),
        OptionSpec("time", value: "SECONDS", help: "Time budget per suite (default 15, quick 3)"),
        OptionSpec("format", value: "LIST", help: "terminal,md,json,csv,html (several at once; default terminal)"),
        OptionSpec("out", value: "DIR", help: "Where report files go (default ./lab-bench)"),
        OptionSpec("save-baseline", value: "NAME", help: "Save this run as a baseline in the lab folder"),
        OptionSpec("compare", value: "NAME|FILE", help: "Compare with a baseline or results file; twice: compare two files, run nothing"),
        OptionSpec("threshold", value: "PCT", help: "Smallest change that counts, in percent (default 5)"),
        OptionSpec("processes", value: "N", help: "Spread each primitive suite over N worker processes and report the spread (default: full 3, quick 1)"),
        OptionSpec("steadiness", value: "SECONDS", help: "Run no suites: watch the machine's own steadiness for SECONDS and say whether it can support a 5% claim"),
        OptionSpec("allow-debug", help: "Time a debug build anyway"),
        OptionSpec("worker", value: "SUITE", help: "(internal) measure these suites (repeatable) and print their JSON; used by --processes"),
        OptionSpec("no-color", help: "Plain text"),
        OptionSpec("help", short: "h", help: "Show this help"),
    ], maximumPositionals: 64)

    public static let formats = ["terminal", "md", "json", "csv", "html"]

    public static func usage() -> String {
        "usage: lab bench [FILTER…] [--quick] [--samples N] [--time S] [--format LIST] [--out DIR] [--save-baseline NAME] [--compare NAME|FILE] [--threshold PCT] [--steadiness S] [--list]"
    }

    public static func help() -> String {
        """
        \(usage())

        Times the lessons' own variants and the concurrency primitives, interleaving the
        variants so machine drift hits all alike, and reports medians with 95% intervals,
        ratios to a reference, significance (Mann–Whitney U) and efficiency against the ideal.

        Options:
        \(parser.optionHelp())

        Exit status: 0 done / no significant change; 1 a significant regression beyond the
        threshold (with --compare); 2 bad usage; 3 only improvements (with --compare).
        """
    }

    let suites: [BenchmarkSuite]
    let environment: [String: String]

    public init(suites: [BenchmarkSuite], environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.suites = suites
        self.environment = environment
    }

    public func run(_ arguments: [String]) async -> Int32 {
        do {
            return try await execute(try BenchCommand.parser.parse(arguments))
        } catch let error as UsageError {
            StandardError.usage(program: "lab bench", error, usage: BenchCommand.usage())
            return UsageError.exitCode
        } catch let error as BenchError {
            StandardError.write("lab bench: error: \(error)")
            return UsageError.exitCode
        } catch {
            StandardError.write("lab bench: error: \(error.localizedDescription)")
            return 1
        }
    }

    func execute(_ parsed: ParsedArguments) async throws -> Int32 {
        let terminal = Terminal.detect(noColorFlag: parsed.has("no-color"), environment: environment)
        if parsed.has("help") {
            print(BenchCommand.help())
            return 0
        }
        let selected = try select(parsed.positionals)
        if parsed.has("list") {
            for suite in selected {
                print(terminal.paint(suite.name, .bold) + " (\(suite.kind.rawValue)) — \(suite.summary)")
                print("  " + suite.variants.map { $0.name == suite.reference ? "\($0.name) (reference)" : $0.name }.joined(separator: ", "))
            }
            return 0
        }
        if let seconds = try parsed.double("steadiness", in: 1...600) {
            if EnvironmentInfo.buildConfiguration == "debug" && !parsed.has("allow-debug") { throw BenchError.debugBuild }
            print(terminal.paint("Watching the machine for \(Int(seconds)) s: a fixed memory workload and a core-to-core round trip, read every 50 ms.", .dim))
            let steadiness = SteadinessWatch.watch(seconds: Int(seconds)) { print(SteadinessWatch.line($0)) }
            if let steadiness {
                print(terminal.paint(steadiness.sentence.wrapped(to: terminal.width, indent: ""), steadiness.isSteady ? .green : .yellow))
            }
            return 0
        }
        let formats = try requestedFormats(parsed.value("format"))
        let threshold = try parsed.double("threshold", in: 0...1000) ?? 5
        let compare = parsed.values["compare"] ?? []
        if compare.count > 2 { throw UsageError.invalidValue(option: "compare", value: compare[2], expected: "one baseline, or two result files") }
        // Fail on a bad baseline before spending minutes measuring.
        let baselines = try compare.map { try Baselines.load($0, environment: environment) }
        if let name = parsed.value("save-baseline") { _ = try Baselines.url(named: name, environment: environment) }
        if baselines.count == 2 {
            let comparison = Comparison(baseline: baselines[0], current: baselines[1], thresholdPercent: threshold)
            print(TerminalReport.render(comparison, terminal: terminal))
            return comparison.exitStatus
        }
        if EnvironmentInfo.buildConfiguration == "debug" && !parsed.has("allow-debug") { throw BenchError.debugBuild }

        var plan = parsed.has("quick") ? SamplingPlan.quick : SamplingPlan.full
        let processes = Int(try parsed.double("processes", in: 1...16) ?? (parsed.has("quick") ? 1 : 3))
        if let samples = try parsed.double("samples", in: 3...10_000) {
            plan.samples = Int(samples)
            plan.primitiveSamples = Int(samples)
            plan.minimumSamples = min(plan.minimumSamples, plan.samples)
        }
        if let seconds = try parsed.double("time", in: 0.1...3600) { plan.budget = .milliseconds(Int(seconds * 1000)) }

        if let names = parsed.values["worker"], !names.isEmpty {
            let chosen = try names.map { name in
                guard let suite = suites.first(where: { $0.name == name }) else { throw BenchError.unknownSuite(name, suggestion: nil) }
                return suite
            }
            let report = await measure(chosen, plan: plan, quick: parsed.has("quick"), terminal: .plain(), quiet: true)
            FileHandle.standardOutput.write(try report.encoded())
            return 0
        }
        let workerArguments = parsed.has("allow-debug") ? ["--allow-debug"] : []
        let report = await measure(selected, plan: plan, quick: parsed.has("quick"), terminal: terminal,
                                   processes: processes, workerArguments: workerArguments)
        if formats.contains("terminal") { print(TerminalReport.render(report, terminal: terminal)) }
        let files = formats.filter { $0 != "terminal" }
        if !files.isEmpty {
            let folder = URL(fileURLWithPath: parsed.value("out") ?? "lab-bench", isDirectory: true)
            for format in files {
                let (name, text): (String, String)
                switch format {
                case "md": (name, text) = ("report.md", MarkdownReport.render(report))
                case "json": (name, text) = ("report.json", String(decoding: try report.encoded(), as: UTF8.self))
                case "csv": (name, text) = ("samples.csv", CSVReport.render(report))
                default: (name, text) = ("report.html", HTMLReport.render(report))
                }
                let url = folder.appendingPathComponent(name)
                try AtomicFile.write(Data(text.utf8), to: url)
                print(terminal.paint("wrote \(url.path)", .dim))
            }
        }
        if let name = parsed.value("save-baseline") {
            let url = try Baselines.save(report, named: name, environment: environment)
            print(terminal.paint("saved baseline '\(name)' to \(url.path)", .dim))
        }
        if let baseline = baselines.first {
            let comparison = Comparison(baseline: baseline, current: report, thresholdPercent: threshold)
            print(TerminalReport.render(comparison, terminal: terminal))
            return comparison.exitStatus
        }
        return 0
    }

    /// Every suite whose name contains one of the filters (all when there are none).
    func select(_ filters: [String]) throws -> [BenchmarkSuite] {
        guard !filters.isEmpty else { return suites }
        var selected: [BenchmarkSuite] = []
        for filter in filters {
            let matches = suites.filter { $0.name.localizedCaseInsensitiveContains(filter) }
            guard !matches.isEmpty else {
                throw BenchError.unknownSuite(filter, suggestion: Suggestion.closest(to: filter, in: suites.map(\.name)))
            }
            for suite in matches where !selected.contains(where: { $0.name == suite.name }) { selected.append(suite) }
        }
        return selected
    }

    func requestedFormats(_ text: String?) throws -> [String] {
        guard let text else { return ["terminal"] }
        let requested = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for format in requested where !BenchCommand.formats.contains(format) {
            throw UsageError.invalidValue(option: "format", value: format, expected: BenchCommand.formats.joined(separator: ", "))
        }
        return requested.isEmpty ? ["terminal"] : requested
    }

    /// Measures the suites, with a progress bar on a terminal. Primitive suites
    /// are sampled together in one interleaved schedule (see
    /// `Sampler.measure(together:)`), so each one's samples span the whole
    /// primitive part of the run; pattern suites, stable and long per sample,
    /// one after another. With `processes` > 1 the primitive schedule runs in
    /// that many worker processes, one after another, and their samples are
    /// pooled: some of a machine's variation is per process, and one process
    /// cannot show it.
    public func measure(_ selected: [BenchmarkSuite], plan: SamplingPlan, quick: Bool, terminal: Terminal,
                        quiet: Bool = false, processes: Int = 1, workerArguments: [String] = []) async -> BenchmarkReport {
        let width = await ExecutorProbe.measureWidth()
        let bar = Locked(ProgressBar(title: "lab bench", total: selected.count, terminal: terminal))
        let show: @Sendable (Double) -> Void = { done in
            if !quiet { bar.withLock { $0.update(done: Int(done.rounded(.down))) } }
        }
        show(0)
        // The handoff probe is read only in the gaps between measurements (see HandoffProbe).
        let handoffs = Locked<[Double]>([])
        let readHandoff: @Sendable () -> Void = {
            let readings = (0..<HandoffProbe.readingsPerGap).compactMap { _ in HandoffProbe.read() }
            handoffs.withLock { $0 += readings }
        }
        readHandoff()
        var samples: [String: [String: [Sample]]] = [:]
        let primitives = selected.filter { $0.kind == .primitive }
        if !primitives.isEmpty {
            let share = Double(primitives.count)
            if processes > 1, let pooled = try? sampleInWorkers(primitives, processes: processes, plan: plan.forPrimitives, quick: quick, extra: workerArguments,
                                                                progress: { readHandoff(); show(share * Double($0) / Double(processes)) }) {
                samples = pooled
            } else {
                let measured = await Sampler.measure(together: primitives, plan: plan.forPrimitives) { round, rounds in
                    show(share * Double(round) / Double(rounds))
                }
                for (suite, suiteSamples) in zip(primitives, measured) { samples[suite.name] = suiteSamples }
                readHandoff()
            }
        }
        var done = primitives.count
        for suite in selected where suite.kind == .pattern {
            samples[suite.name] = await Sampler.measure(suite, plan: plan)
            readHandoff()
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
            bar.withLock { $0.update(done: selected.count); $0.finish() }
        }
        let formatter = ISO8601DateFormatter()
        return BenchmarkReport(schema: BenchmarkReport.schema, createdAt: formatter.string(from: Date()),
                               environment: .init(machine: .current(), executorWidth: width,
                                                  steadiness: Steadiness(samples: results.flatMap(\.variants).flatMap(\.samples),
                                                                         handoffReadings: handoffs.withLock { $0 })),
                               plan: .init(samples: plan.samples, budgetSeconds: plan.budget.seconds, quick: quick, primitiveSamples: plan.primitiveSamples,
                                           processes: processes > 1 ? processes : nil),
                               suites: results)
    }

    /// Runs `lab bench --worker SUITE…` in `processes` fresh processes, one at a
    /// time, and pools their samples by suite and variant, each tagged with its process.
    func sampleInWorkers(_ suites: [BenchmarkSuite], processes: Int, plan: SamplingPlan, quick: Bool, extra: [String],
                         progress: (Int) -> Void) throws -> [String: [String: [Sample]]] {
        let executable = try ChildDemo.hostExecutable()
        var pooled: [String: [String: [Sample]]] = [:]
        for process in 1...processes {
            let arguments = ["bench"] + suites.flatMap { ["--worker", $0.name] }
                + ["--samples", "\(plan.samples)", "--time", "\(max(0.1, plan.budget.seconds))"] + (quick ? ["--quick"] : []) + extra
            let worker = try ProcessCapture.run(executable, arguments, timeout: 900)
            guard worker.status == 0 else {
                throw BenchError.unreadableBaseline("worker \(process)", reason: "the worker process failed")
            }
            for result in try BenchmarkReport.decode(Data(worker.standardOutput.utf8)).suites {
                for variant in result.variants {
                    pooled[result.name, default: [:]][variant.name, default: []] += variant.samples.map { sample in
                        var tagged = sample
                        tagged.process = process
                        return tagged
                    }
                }
            }
            progress(process)
        }
        return pooled
    }
}
