import Foundation
import LabCore
import LabFiles

/// Saved results to compare later runs with, kept in the lab folder.
public enum Baselines {
    public static func url(named name: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> URL
    {
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }),
            !name.hasPrefix("."),
            name.count <= longestName, name.utf8.count <= 2 * longestName
        else {
            throw BenchError.badBaselineName(name)
        }
        return LabFolder.url(environment: environment).appendingPathComponent("baselines").appendingPathComponent(
            "\(name).json")
    }

    /// The longest name, in letters (and twice as many bytes of UTF-8): a file's name has at most
    /// 255 bytes, and its save's temporary adds 47 to the name (`AtomicFile`). Checked with the
    /// command line, before any measuring: too long a name once failed only when the run was saved.
    public static let longestName = 100

    /// Saves atomically: an interrupted save leaves the previous baseline intact.
    public static func save(
        _ report: BenchmarkReport, named name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        let url = try url(named: name, environment: environment)
        try AtomicFile.write(try report.encoded(), to: url)
        return url
    }

    /// Loads a baseline by name, or a results file by path: anything with a "/" or ending in
    /// .json, or a file that exists when no baseline has that name.
    public static func load(_ nameOrPath: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> BenchmarkReport
    {
        try read(try locate(nameOrPath, environment: environment), as: nameOrPath)
    }

    /// The file `--compare NAME|FILE` means, or why there is none.
    static func locate(_ nameOrPath: String, environment: [String: String]) throws -> URL {
        let isPath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        let named = isPath ? nil : try? url(named: nameOrPath, environment: environment)
        if let named, FileManager.default.fileExists(atPath: named.path) { return named }
        let file = URL(fileURLWithPath: nameOrPath)
        if FileManager.default.fileExists(atPath: file.path) { return file }
        // Nothing there: a name a baseline could have was meant as one; anything else as a file.
        guard let named else { throw BenchError.missingResultsFile(file.path) }
        throw BenchError.missingBaseline(nameOrPath, path: named.path)
    }

    /// Far above any report: a full run with every sample is a few megabytes.
    static let largestReport = 256 << 20

    private static func read(_ url: URL, as nameOrPath: String) throws -> BenchmarkReport {
        // A regular file only: a FIFO or device named by mistake is refused, not waited on.
        let data: Data
        switch RegularFile.read(url, atMost: largestReport) {
        case .success(let read): data = read
        case .failure(.cannotOpen(let code)):
            throw BenchError.unreadableBaseline(nameOrPath, reason: FileErrorWords.errno(code))
        case .failure: throw BenchError.unreadableBaseline(nameOrPath, reason: "not a regular file of at most 256 MB")
        }
        do {
            let report = try BenchmarkReport.decode(data)
            if let problem = inconsistency(in: report) {
                throw BenchError.unreadableBaseline(nameOrPath, reason: problem)
            }
            return report
        } catch let error as BenchError {
            if case .unreadableBaseline = error { throw error }
            throw BenchError.unreadableBaseline(nameOrPath, reason: error.description)
        } catch {
            throw BenchError.unreadableBaseline(nameOrPath, reason: "not a lab bench results file")
        }
    }
}

extension Baselines {
    /// What makes a results file unfit to compare, or nil. A comparison reads a variant's median
    /// from its summary and its p-value from its samples: a file edited by hand (or damaged) whose
    /// two disagree, or whose samples are empty, negative or of no iterations, or that names a
    /// suite or a variant twice, was compared without a word, each row as it came (an audit).
    static func inconsistency(in report: BenchmarkReport) -> String? {
        var suites: Set<String> = []
        for suite in report.suites {
            guard suites.insert(suite.name).inserted else { return "it holds suite '\(suite.name)' twice" }
            var variants: Set<String> = []
            for variant in suite.variants {
                let name = "'\(suite.name) › \(variant.name)'"
                guard variants.insert(variant.name).inserted else { return "it holds \(name) twice" }
                guard !variant.samples.isEmpty else { return "\(name) has no samples" }
                guard
                    variant.samples.allSatisfy({
                        $0.iterations > 0 && $0.wallSeconds.isFinite && $0.wallSeconds >= 0
                    })
                else { return "\(name) has a sample of no iterations or of a time that is negative or not a number" }
                let median = Summary(variant.samples.map(\.secondsPerOperation)).median
                let stated = variant.summary.median
                guard abs(median - stated) <= 1e-9 * max(abs(median), abs(stated)) + 1e-15 else {
                    return "the summary of \(name) says a median of \(stated) s, its samples \(median) s"
                }
            }
        }
        return nil
    }
}

/// One variant's change between a baseline and a new run.
public struct Change: Sendable, Codable, Equatable {
    public enum Verdict: String, Sendable, Codable { case regression, improvement, unchanged }
    public let suite: String
    public let variant: String
    public let baselineMedian: Double
    public let currentMedian: Double
    /// current ÷ baseline − 1: +0.10 is 10% slower.
    public let change: Double
    public let pValue: Double
    public let verdict: Verdict
}

/// Compares two runs variant by variant, and gives CI the exit status:
/// 0 no significant change beyond the threshold, 1 a significant regression,
/// 3 only significant improvements. (2 is a usage error, as everywhere in the lab.)
public struct Comparison: Sendable {
    public let changes: [Change]
    public let thresholdPercent: Double
    /// The steadiness probe that moved most between the two runs (current ÷ baseline − 1).
    public let machineShift: (probe: String, change: Double)?

    /// Every metric beyond its threshold (see `Threshold`), one per line in the order found.
    public let breaches: [Breach]

    /// What was measured in one run only, in a suite both ran ("tasks › group child (not in the
    /// baseline)"), or a suite this run has and the baseline lacks: a renamed variant or suite was
    /// dropped from the comparison without a word, and a gate on it passed (an audit). A suite of
    /// the baseline that this run did not measure is not listed: running a few suites is a choice.
    public let unmatched: [String]

    /// The time thresholds the compared variants were held to, in percent: `thresholdPercent`
    /// alone unless a suite declares its own or a thresholds file gives one (then the footer's
    /// "beyond 5%" was untrue beside a 60% file, an audit).
    public let timePercents: Set<Double>

    /// `thresholds`: what each suite declared and the file overrides; by default, the
    /// defaults with `thresholdPercent` for time.
    public init(
        baseline: BenchmarkReport, current: BenchmarkReport, thresholdPercent: Double,
        thresholds: ThresholdBook? = nil
    ) {
        self.thresholdPercent = thresholdPercent
        let book = thresholds ?? ThresholdBook(timePercent: thresholdPercent)
        var changes: [Change] = []
        var breaches: [Breach] = []
        var unmatched: [String] = []
        var timePercents: Set<Double> = []
        for suite in current.suites {
            guard let old = baseline.suites.first(where: { $0.name == suite.name }) else {
                unmatched.append("\(suite.name) (not in the baseline)")
                continue
            }
            for gone in old.variants.map(\.name) where suite.variant(gone) == nil {
                unmatched.append("\(suite.name) › \(gone) (not in this run)")
            }
            for variant in suite.variants {
                guard let before = old.variant(variant.name) else {
                    unmatched.append("\(suite.name) › \(variant.name) (not in the baseline)")
                    continue
                }
                let change = variant.summary.median / before.summary.median - 1
                let p = Statistics.mannWhitney(
                    variant.samples.map(\.secondsPerOperation), before.samples.map(\.secondsPerOperation)
                ).p
                // An empty operation's fixed cost spread over a billion iterations
                // is below anything a clock can time: a change in it is no change.
                let timed = max(variant.summary.median, before.summary.median) >= .untimeableSeconds
                let time = book.threshold(suite: suite.name, variant: variant.name, metric: .time)
                timePercents.insert(time.percent)
                let beyond = timed && abs(change) * 100 > time.percent && p < 0.05
                let verdict: Change.Verdict = !beyond ? .unchanged : change > 0 ? .regression : .improvement
                changes.append(
                    Change(
                        suite: suite.name, variant: variant.name, baselineMedian: before.summary.median,
                        currentMedian: variant.summary.median, change: change, pValue: p, verdict: verdict))
                if verdict == .regression {
                    breaches.append(
                        Breach(
                            suite: suite.name, variant: variant.name, metric: .time, baseline: before.summary.median,
                            current: variant.summary.median, threshold: time, pValue: p))
                }
                breaches += Breach.counts(suite: suite.name, before: before, after: variant, book: book)
            }
        }
        self.changes = changes
        self.breaches = breaches
        self.unmatched = unmatched
        self.timePercents = timePercents
        machineShift = Steadiness.shift(from: baseline.environment.steadiness, to: current.environment.steadiness)
    }

    /// Said when the machine itself moved between the runs by more than the
    /// threshold: then a change of that size is not evidence about the code.
    /// The exit status is left to the measurements; this only explains them.
    public var machineNote: String? {
        guard let shift = machineShift, abs(shift.change) * 100 > thresholdPercent else { return nil }
        let percent = Int((abs(shift.change) * 100).rounded())
        return
            "Note: the machine itself was \(percent)% \(shift.change > 0 ? "slower" : "faster") in the second run (\(shift.probe), the same fixed workload in both); "
            + "changes of about that size may be the machine, not the code. Repeat both runs, or compare within one run."
    }

    public var exitStatus: Int32 {
        if !breaches.isEmpty { return 1 }
        if changes.contains(where: { $0.verdict == .improvement }) { return 3 }
        return 0
    }
}
