import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabFiles

/// `lab bench`: select suites, measure, report, save and compare baselines. The command
/// line becomes one `Mode` (BenchOptions.swift); each mode is one function here.
///
/// Exit status: 0 done (and, with --compare, no significant change beyond the
/// threshold); 1 a significant regression; 2 bad usage; 3 only improvements.
public struct BenchCommand {
    let suites: [BenchmarkSuite]
    let environment: [String: String]
    /// The command's name in its help and errors: "lab bench", or your benchmark program's.
    let program: String
    /// What this executable needs before `--worker SUITE` to measure in a worker process:
    /// ["bench"] for `lab`, nothing for a program whose whole command line is this command.
    let workerPrefix: [String]
    let spec: CommandSpec
    /// The machine's width and handoff, read around the samples (a test may give stand-ins).
    var probes = MachineProbes.live

    public init(
        suites: [BenchmarkSuite], environment: [String: String] = ProcessInfo.processInfo.environment,
        program: String = "lab bench", workerPrefix: [String] = ["bench"]
    ) {
        self.suites = suites
        self.environment = environment
        self.program = program
        self.workerPrefix = workerPrefix
        self.spec = program == "lab bench" ? BenchCommand.spec : BenchCommand.spec(named: program)
        // Worker processes and baselines find a suite by its name.
        precondition(Set(suites.map(\.name)).count == suites.count, "two suites share a name: \(suites.map(\.name))")
    }

    public func run(_ arguments: [String]) async -> Int32 {
        do {
            let parsed = try spec.parse(arguments)
            let terminal = Terminal.detect(noColorFlag: parsed.flag("no-color"), environment: environment)
            switch try mode(parsed) {
            case .help:
                StandardOutput.line(spec.help(width: terminal.width))
                return 0
            case .list(let selected):
                list(selected, terminal: terminal)
                return 0
            case .steadiness(let seconds):
                await watchSteadiness(seconds: seconds, terminal: terminal)
                return 0
            case .compareFiles(let old, let new, let threshold, let thresholds):
                return compare(old, new, thresholdPercent: threshold, thresholds: thresholds, terminal: terminal)
            case .worker(let chosen, let plan, _):
                // Samples only: the parent pools every worker's and analyses them once.
                let samples = await Sampler.measure(together: chosen, plan: plan.forPrimitives) { _, _ in }
                StandardOutput.write(
                    try WorkerSamples(Dictionary(uniqueKeysWithValues: zip(chosen.map(\.name), samples))).encoded())
                return 0
            case .measure(let request):
                let claim = try prepareOutput(request.formats, folder: request.folder)
                defer { claim?.release() }
                return try await measureAndReport(request, terminal: terminal)
            case .scan(let request):
                let claim = try prepareOutput(request.formats, folder: request.folder, scans: true)
                defer { claim?.release() }
                let report = await measureScan(
                    request.suite, scan: request.scan, values: request.values, plan: request.plan,
                    quick: request.quick, terminal: terminal)
                try write(report, formats: request.formats, folder: request.folder, terminal: terminal)
                return 0
            }
        } catch let error as UsageError {
            StandardError.usage(program: program, error, help: spec.helpPointer)
            return UsageError.exitCode
        } catch let error as BenchError {
            StandardError.write("\(program): error: \(error)")
            return error.exitCode
        } catch {
            // A file that cannot be read or written is the user's to fix (2), never a regression (1).
            if let sentence = FileErrorWords.sentence(for: error) {
                StandardError.write("\(program): error: \(sentence)")
                return UsageError.exitCode
            }
            StandardError.write("\(program): error: \(error.localizedDescription)")
            return 1
        }
    }

    /// The report folder, checked before minutes of measuring when a format writes a file, and
    /// each file it will write: a folder or a link in the way of one was found only after the
    /// measuring, when the files before it had already been replaced. The folder is claimed until
    /// the returned claim is released: two runs writing one set at once could each rename some of
    /// its files into place (`OutputFolder.Claim`).
    func prepareOutput(_ formats: [String], folder: String, scans: Bool = false) throws -> OutputFolder.Claim? {
        guard formats.contains(where: { $0 != "terminal" }) else { return nil }
        let held: OutputFolder.Claim?
        do {
            held = try OutputFolder.claim(
                folder, makingParents: true, files: formats.flatMap { Self.fileNames(format: $0, scans: scans) })
            if let held {
                do {
                    try AtomicFile.checkPreviousFolder(
                        in: held.folder, reportNames: Self.formats.flatMap { Self.fileNames(format: $0, scans: true) })
                } catch {
                    held.release()
                    throw error
                }
            }
        } catch let problem as OutputFolder.Problem {
            throw UsageError.invalidValue(option: "out", value: problem.path, expected: problem.expected)
        } catch let inTheWay as AtomicFile.NotReplaceable {
            throw UsageError.invalidValue(
                option: "out", value: folder, expected: "a folder where the reports can go (\(inTheWay))")
        }
        guard let claim = held else {
            throw UsageError.invalidValue(
                option: "out", value: folder,
                expected:
                    "a folder no other lab run is writing into (one is now: wait for it to end, or give another --out)")
        }
        return claim
    }

    /// The files a format writes (none for the terminal).
    static func fileNames(format: String, scans: Bool) -> [String] {
        switch format {
        case "terminal": []
        case "md": ["report.md"]
        case "json": ["report.json"]
        case "csv": ["samples.csv"] + (scans ? ["scan.csv"] : [])
        case "github": ["github-benchmark.json"]
        case "jmh": ["jmh.json"]
        case "percentiles": ["percentiles.csv"]
        default: ["report.html"]
        }
    }

    func list(_ selected: [BenchmarkSuite], terminal: Terminal) {
        for suite in selected {
            StandardOutput.line(
                suite.summary.wrapped(
                    to: terminal.width, after: terminal.paint(suite.name, .bold) + " (\(suite.kind.rawValue)) — "))
            StandardOutput.line(
                suite.variants.map { $0.name == suite.reference ? "\($0.name) (reference)" : $0.name }.joined(
                    separator: ", "
                ).wrapped(to: terminal.width, indent: "  "))
            if let scan = suite.scan {
                StandardOutput.line(
                    terminal.paint(
                        "  scan: --scan \"\(suite.name)\" \(scan.parameter)=\(scan.defaults.map(String.init).joined(separator: ","))",
                        .dim))
            }
        }
    }

    func watchSteadiness(seconds: Int, terminal: Terminal) async {
        StandardOutput.line(
            terminal.paint(
                "Watching the machine for \(seconds) s: a fixed memory workload and a core-to-core round trip, read every 50 ms.",
                .dim))
        if let steadiness = await SteadinessWatch.watch(
            seconds: seconds, each: { StandardOutput.line(SteadinessWatch.line($0)) })
        {
            StandardOutput.line(
                terminal.paint(
                    steadiness.sentence.wrapped(to: terminal.width, indent: ""), steadiness.isSteady ? .green : .yellow)
            )
        }
    }

    /// The comparison's table, then the gate: one BREACH line per metric beyond its threshold.
    func compare(
        _ baseline: BenchmarkReport, _ current: BenchmarkReport, thresholdPercent: Double, thresholds: ThresholdBook,
        terminal: Terminal
    ) -> Int32 {
        let comparison = Comparison(
            baseline: baseline, current: current, thresholdPercent: thresholdPercent, thresholds: thresholds)
        // Two runs with nothing in common compared nothing: an error, not "no significant change".
        guard !comparison.changes.isEmpty else {
            func names(_ report: BenchmarkReport) -> String {
                report.suites.isEmpty ? "none" : report.suites.map(\.name).joined(separator: ", ")
            }
            StandardError.write(
                "\(program): error: nothing to compare: no variant of a suite is in both runs (this run's suites: \(names(current)); the baseline's: \(names(baseline)))"
            )
            return UsageError.exitCode
        }
        StandardOutput.line(TerminalReport.render(comparison, terminal: terminal))
        if !comparison.unmatched.isEmpty {
            StandardOutput.line(
                terminal.paint(
                    ("not compared, measured in one run only: " + comparison.unmatched.joined(separator: "; "))
                        .wrapped(to: terminal.width, indent: "  "), .yellow))
        }
        let stale = thresholds.unmatchedOverrides(in: [baseline, current])
        if !stale.isEmpty {
            StandardOutput.line(
                terminal.paint(
                    ("the thresholds file names what neither run measured, so it applies nowhere: "
                        + stale.joined(separator: ", ")).wrapped(to: terminal.width, indent: "  "), .yellow))
        }
        for breach in comparison.breaches { StandardOutput.line(terminal.paint(breach.line, .red)) }
        return comparison.exitStatus
    }

    /// Prints the terminal report (when asked) and writes each other format's file.
    func write(_ report: BenchmarkReport, formats: [String], folder path: String, terminal: Terminal) throws {
        if formats.contains("terminal") { StandardOutput.line(TerminalReport.render(report, terminal: terminal)) }
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        var written: [(data: Data, url: URL)] = []
        for format in formats where format != "terminal" {
            var files: [(String, String)]
            switch format {
            case "md": files = [("report.md", MarkdownReport.render(report))]
            case "json": files = [("report.json", String(decoding: try report.encoded(), as: UTF8.self))]
            case "csv":
                files =
                    [("samples.csv", CSVReport.render(report))]
                    + (report.scans == nil ? [] : [("scan.csv", CSVReport.renderScans(report))])
            case "github": files = [("github-benchmark.json", try GitHubBenchmarkExport.render(report))]
            case "jmh": files = [("jmh.json", try JMHExport.render(report))]
            case "percentiles": files = [("percentiles.csv", PercentileExport.render(report))]
            default: files = [("report.html", HTMLReport.render(report))]
            }
            written += files.map { (data: Data($0.1.utf8), url: folder.appendingPathComponent($0.0)) }
        }
        // A run that writes no file (the terminal's report only) claims no folder, so it touches none.
        guard !written.isEmpty else { return }
        // One set: every file replaced, or none (a failure midway once left a new report.json beside
        // the last run's report.html), the last run's kept in previous/ once the new set is staged.
        let kept = try AtomicFile.replaceKeepingPrevious(
            written, in: folder, reportNames: Self.formats.flatMap { Self.fileNames(format: $0, scans: true) })
        for (_, url) in written {
            let name = url.lastPathComponent
            let note =
                kept.contains(name) ? " (the last run's is kept as \(AtomicFile.previousFolderName)/\(name))" : ""
            StandardOutput.line(terminal.paint("wrote \(url.path)\(note)", .dim))
        }
    }

    func measureAndReport(_ request: Measurement, terminal: Terminal) async throws -> Int32 {
        let report = try await measure(
            request.suites, plan: request.plan, quick: request.quick, terminal: terminal,
            processes: request.processes, workerArguments: request.workerArguments)
        if request.formats.contains("terminal") {
            StandardOutput.line(TerminalReport.render(report, terminal: terminal))
        }
        if request.allocationOverhead, let verdict = AllocationOverhead.verdict(report) {
            StandardOutput.line(terminal.paint(("→ " + verdict).wrapped(to: terminal.width, indent: "  "), .bold))
        }
        try write(
            report, formats: request.formats.filter { $0 != "terminal" }, folder: request.folder, terminal: terminal)
        if let name = request.saveBaseline {
            let url = try Baselines.save(report, named: name, environment: environment)
            StandardOutput.line(terminal.paint("saved baseline '\(name)' to \(url.path)", .dim))
        }
        if let baseline = request.baseline {
            return compare(
                baseline, report, thresholdPercent: request.thresholdPercent, thresholds: request.thresholds,
                terminal: terminal)
        }
        return 0
    }
}
