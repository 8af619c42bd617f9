import Foundation
import LabCommandLine
import LabCore

/// `lab bench`'s command line, declared once, and what a parsed command line asks for.
extension BenchCommand {
    public static let formats = ["terminal", "md", "json", "csv", "html", "github", "jmh", "percentiles"]

    public static let spec = spec(named: "lab bench")

    /// The command line, under the name a program gives it (yours, with `BenchmarkProgram`).
    static func spec(named program: String) -> CommandSpec {
        CommandSpec(
            program,
            summary: program == "lab bench"
                ? "Time the lessons' variants and the concurrency primitives; reports and baselines"
                : "Time these benchmarks' variants; reports and baselines (Concurrency Lab's harness)",
            positionals: .init(
                "FILTER", maximum: 64, help: "Only suites whose name contains FILTER (several: any of them)"),
            options: [
                OptionSpec("list", help: "List the suites and their variants"),
                OptionSpec("quick", help: "A short run: the whole set in under a minute on 2 cores"),
                OptionSpec(
                    "samples", .integer("N", 3...10_000),
                    help:
                        "Samples per variant (default 40, primitives 100; quick at most 31, primitives 91, a suite ending once its medians are known within 2%, primitives 1%; with N, N for every variant)"
                ),
                OptionSpec("time", .number("SECONDS", 0.1...3600), help: "Time budget per suite (default 15, quick 3)"),
                OptionSpec(
                    "format", .choiceList("LIST", formats),
                    help:
                        "Reports to write, comma-separated: terminal,md,json,csv,html; exports github (github-action-benchmark), jmh, percentiles (default terminal; with --out terminal,json,html)"
                ),
                OptionSpec(
                    "out", .text("DIR"),
                    help:
                        "Where report files go (default ./lab-bench; made if missing; the last run's kept in previous/), checked before measuring; one run at a time"
                ),
                OptionSpec(
                    "save-baseline", .text("NAME"),
                    help:
                        "Save this run as a baseline (in ~/.concurrency-lab/baselines, or $CONCURRENCY_LAB_HOME/baselines)"
                ),
                OptionSpec(
                    "compare", .text("NAME|FILE"), repeatable: true,
                    help: "Compare with a baseline or results file; twice: compare two files, run nothing"),
                OptionSpec(
                    "threshold", .number("PCT", 0...1000),
                    help: "Smallest change in time that counts, in percent, where a suite declares none (default 5)"),
                OptionSpec(
                    "thresholds", .text("FILE"),
                    help:
                        "With --compare: per suite, variant and metric (time, mallocs, bytes, hops, enqueues, retains), overriding the code's; see docs/HARNESS.md"
                ),
                OptionSpec(
                    "processes", .integer("N", 1...16),
                    help:
                        "Spread each primitive suite over N worker processes and report the spread (default: full 3, quick 1)"
                ),
                OptionSpec(
                    "steadiness", .integer("SECONDS", 1...600),
                    help:
                        "Run no suites: watch the machine's own steadiness for SECONDS and say whether it can support a 5% claim"
                ),
                OptionSpec(
                    "scan", .text("SUITE"),
                    help:
                        "Measure SUITE at several sizes and draw the curve; values as PARAM=V1,V2,… (e.g. --scan \"CPU fan-out\" tasks=1,2,4,8,16), default per suite"
                ),
                OptionSpec(
                    "allocation-overhead",
                    help:
                        "Measure what counting allocations costs: each primitive variant with counting on and off, interleaved"
                ),
                OptionSpec("allow-debug", help: "Time a debug build anyway"),
                OptionSpec(
                    "worker", .text("SUITE"), repeatable: true, hidden: true,
                    help: "measure these suites and print their JSON; used by --processes"),
                OptionSpec("no-color", help: "Plain text"),
                OptionSpec("help", short: "h", help: "Show this help"),
            ],
            details: """
                The variants are interleaved so machine drift hits all alike; the reports give medians
                with 95% intervals, ratios to a reference, significance (Mann–Whitney U) and efficiency
                against the ideal.

                Exit status: 0 done / no significant change; 1 a metric beyond its threshold (with
                --compare: a significant time regression, or a count per operation that grew past its
                tolerance; one BREACH line each); 2 bad usage, or a file or folder that cannot be read or
                written (--out is checked before measuring); 3 only improvements (with --compare); 4 the
                measurement failed (a worker process failed; no report is written).
                """)
    }

    /// One run of `lab bench` does exactly one of these.
    enum Mode {
        case help
        case list([BenchmarkSuite])
        case steadiness(seconds: Int)
        /// Two result files, compared; nothing measured.
        case compareFiles(BenchmarkReport, BenchmarkReport, thresholdPercent: Double, thresholds: ThresholdBook)
        /// A worker process of `--processes`: measure, print JSON, nothing else.
        case worker([BenchmarkSuite], SamplingPlan, quick: Bool)
        case measure(Measurement)
        /// `--scan SUITE [PARAM=VALUES]`: one suite at several sizes.
        case scan(ScanRequest)
    }

    struct ScanRequest {
        let suite: BenchmarkSuite
        let scan: Scan
        let values: [Int]
        let plan: SamplingPlan
        let quick: Bool
        let formats: [String]
        let folder: String
    }

    /// What a measuring run does with its results.
    struct Measurement {
        let suites: [BenchmarkSuite]
        let plan: SamplingPlan
        let quick: Bool
        let processes: Int
        let workerArguments: [String]
        let formats: [String]
        let folder: String
        let saveBaseline: String?
        let baseline: BenchmarkReport?
        let thresholdPercent: Double
        var thresholds = ThresholdBook()
        /// The suites are `AllocationOverhead`'s: say what counting cost after the report.
        var allocationOverhead = false
    }

    /// Reads the command line into one mode, failing on bad input before anything is measured.
    func mode(_ parsed: ParsedArguments) throws -> Mode {
        if parsed.flag("help") { return .help }
        if let name = parsed.text("scan") { return try scanMode(name, parsed) }
        if let assignment = parsed.positionals.first(where: { $0.contains("=") }) {
            throw UsageError.missingArgument(
                "--scan SUITE for '\(assignment)': values go with a scan, e.g. lab bench --scan \"CPU fan-out\" tasks=1,2,4"
            )
        }
        let selected = try select(parsed.positionals)
        if parsed.flag("list") { return .list(selected) }
        let allowDebug = parsed.flag("allow-debug")
        let debugRefused = EnvironmentInfo.buildConfiguration == "debug" && !allowDebug
        if let seconds = parsed.integer("steadiness") {
            if debugRefused { throw BenchError.debugBuild }
            return .steadiness(seconds: seconds)
        }
        let threshold = parsed.number("threshold") ?? 5
        let compare = parsed.texts("compare")
        if compare.count > 2 {
            throw UsageError.invalidValue(
                option: "compare", value: compare[2], expected: "one baseline, or two result files")
        }
        // Fail on a bad baseline before spending minutes measuring.
        let baselines = try compare.map { try Baselines.load($0, environment: environment) }
        if let name = parsed.text("save-baseline") { _ = try Baselines.url(named: name, environment: environment) }
        if let path = parsed.text("thresholds"), compare.isEmpty {
            throw UsageError.invalidValue(
                option: "thresholds", value: path, expected: "--compare too: thresholds say what a comparison fails on")
        }
        let book = ThresholdBook(
            suites: suites, file: try parsed.text("thresholds").map(ThresholdFile.load), timePercent: threshold)
        if baselines.count == 2 {
            return .compareFiles(baselines[0], baselines[1], thresholdPercent: threshold, thresholds: book)
        }
        if debugRefused { throw BenchError.debugBuild }

        let (plan, quick) = samplingPlan(parsed)
        let workers = parsed.texts("worker")
        if !workers.isEmpty {
            let chosen = try workers.map { name in
                guard let suite = suites.first(where: { $0.name == name }) else {
                    throw BenchError.unknownSuite(name, suggestion: nil)
                }
                return suite
            }
            return .worker(chosen, plan, quick: quick)
        }
        if parsed.flag("allocation-overhead") {
            if let reason = AllocationCounter.unavailableReason { throw BenchError.allocationsUnavailable(reason) }
            let overhead = AllocationOverhead.suites(from: selected)
            guard !overhead.isEmpty else { throw BenchError.noPrimitiveSuite(selected.map(\.name)) }
            if let processes = parsed.integer("processes"), processes > 1 {
                throw UsageError.invalidValue(
                    option: "processes", value: "\(processes)",
                    expected: "1 with --allocation-overhead (on and off must share a process)")
            }
            var measurement = Measurement(
                suites: overhead, plan: plan, quick: quick, processes: 1, workerArguments: [],
                formats: parsed.list("format") ?? SuiteLessons.defaultFormats(outGiven: parsed.isPresent("out")),
                folder: parsed.text("out") ?? "lab-bench", saveBaseline: parsed.text("save-baseline"),
                baseline: nil, thresholdPercent: threshold)
            measurement.allocationOverhead = true
            return .measure(measurement)
        }
        var measurement = Measurement(
            suites: selected, plan: plan, quick: quick, processes: parsed.integer("processes") ?? (quick ? 1 : 3),
            workerArguments: allowDebug ? ["--allow-debug"] : [],
            formats: parsed.list("format") ?? SuiteLessons.defaultFormats(outGiven: parsed.isPresent("out")),
            folder: parsed.text("out") ?? "lab-bench", saveBaseline: parsed.text("save-baseline"),
            baseline: baselines.first, thresholdPercent: threshold)
        measurement.thresholds = book
        return .measure(measurement)
    }

    func scanMode(_ name: String, _ parsed: ParsedArguments) throws -> Mode {
        let scannable = suites.filter { $0.scan != nil }
        let matches = scannable.filter { $0.name.localizedCaseInsensitiveContains(name) }
        let exact = matches.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        guard let suite = exact.first ?? (matches.count == 1 ? matches.first : nil), let scan = suite.scan else {
            let names = scannable.map { "'\($0.name)'" }.joined(separator: ", ")
            throw UsageError.invalidValue(
                option: "scan", value: name,
                expected: matches.count > 1
                    ? "one of \(names) (it matches several)" : "a suite that can be scanned: \(names)")
        }
        for conflicting in ["save-baseline", "compare", "allocation-overhead", "processes", "list", "steadiness"]
        where parsed.isPresent(conflicting) {
            throw UsageError.conflicting("scan", conflicting)
        }
        if EnvironmentInfo.buildConfiguration == "debug" && !parsed.flag("allow-debug") { throw BenchError.debugBuild }
        var values = scan.defaults
        for assignment in parsed.positionals {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, parts[0] == scan.parameter else {
                throw UsageError.invalidValue(
                    option: "scan", value: assignment,
                    expected: "\(scan.parameter)=V1,V2,… (\(suite.name) scans \(scan.parameter))")
            }
            let parsedValues = parts[1].split(separator: ",", omittingEmptySubsequences: false).map {
                Int($0.trimmingCharacters(in: .whitespaces))
            }
            guard parsedValues.count >= 2, parsedValues.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 4096 }) else {
                throw UsageError.invalidValue(
                    option: "scan", value: assignment,
                    expected:
                        "at least two whole numbers from 1 to 4096, comma-separated, e.g. \(scan.parameter)=\(scan.defaults.map(String.init).joined(separator: ","))"
                )
            }
            values = Array(Set(parsedValues.compactMap { $0 })).sorted()
            guard values.count >= 2 else {
                throw UsageError.invalidValue(
                    option: "scan", value: assignment, expected: "at least two different values")
            }
        }
        var (plan, quick) = samplingPlan(parsed)
        // A scan's points are compared with one another, as a suite's variants are: each takes
        // every round, none stops early.
        plan.stopWidth = nil
        plan.primitiveStopWidth = nil
        return .scan(
            ScanRequest(
                suite: suite, scan: scan, values: values, plan: plan, quick: quick,
                formats: parsed.list("format") ?? SuiteLessons.defaultFormats(outGiven: parsed.isPresent("out")),
                folder: parsed.text("out") ?? "lab-bench"))
    }

    /// How long to measure: --quick or the full plan, adjusted by --samples and --time.
    func samplingPlan(_ parsed: ParsedArguments) -> (SamplingPlan, quick: Bool) {
        let quick = parsed.flag("quick")
        var plan = quick ? SamplingPlan.quick : SamplingPlan.full
        if let samples = parsed.integer("samples") {
            plan.samples = samples
            plan.primitiveSamples = samples
            plan.minimumSamples = min(plan.minimumSamples, samples)
            // A count asked for is the count taken (the budget aside): no adaptive stop.
            plan.stopWidth = nil
            plan.primitiveStopWidth = nil
        }
        if let seconds = parsed.number("time") { plan.budget = .milliseconds(Int(seconds * 1000)) }
        return (plan, quick)
    }

    /// Every suite whose name contains one of the filters (all when there are none).
    func select(_ filters: [String]) throws -> [BenchmarkSuite] {
        guard !filters.isEmpty else { return suites }
        var selected: [BenchmarkSuite] = []
        for filter in filters {
            let matches = suites.filter { $0.name.localizedCaseInsensitiveContains(filter) }
            guard !matches.isEmpty else {
                throw BenchError.unknownSuite(
                    filter, suggestion: Suggestion.closest(to: filter, in: suites.map(\.name)))
            }
            for suite in matches where !selected.contains(where: { $0.name == suite.name }) { selected.append(suite) }
        }
        return selected
    }
}
