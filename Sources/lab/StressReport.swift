import Foundation
import LabCore

/// What `lab stress` saw: every run's outcome and the conditions it ran under. Written as
/// `--json` and summarised for the terminal by `StressSummary`.
struct StressReport: Codable, Sendable {
    struct Run: Codable, Sendable, Equatable {
        let index: Int
        let load: StressLoad
        let passed: Bool
        /// "exited with status 1", "stopped by signal 11", "timed out after 600 s".
        let outcome: String
        let seconds: Double
        /// The 1-minute load average as the run started (how busy the machine already was).
        let loadAverage: Double?
        /// The first line of output that names a failure, to tell failures apart.
        let failureLine: String?
    }

    /// What one load makes of the machine, as the command sees it.
    struct Condition: Codable, Sendable, Equatable {
        let load: StressLoad
        /// CPUs the command may run on.
        let cpus: Int
        /// Threads spinning beside it.
        let busyThreads: Int
        /// Swift's global executor width a program gets under this load (measured with the
        /// lab's own probe, run under the same load), or nil when it could not be measured.
        let poolWidth: Int?
    }

    let command: [String]
    let conditions: [Condition]
    var runs: [Run]

    var passed: Int { runs.filter(\.passed).count }
    var failed: Int { runs.count - passed }

    func runs(under load: StressLoad) -> [Run] { runs.filter { $0.load == load } }
}

/// The report's sentences, chosen from its figures (each outcome tested in StressSummaryTests).
enum StressSummary {
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        let value = Double(part) / Double(whole) * 100
        return value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// One line per load: "busy: 41 of 50 passed (82%); 9 failed".
    static func line(for load: StressLoad, runs: [StressReport.Run]) -> String {
        let passed = runs.filter(\.passed).count
        let failed = runs.count - passed
        return "\(load.rawValue): \(passed) of \(runs.count) passed (\(percent(passed, of: runs.count)))"
            + (failed > 0 ? "; \(failed) failed" : "")
    }

    /// The chance that `runs` runs show a failure that happens once in `runs` runs at least once:
    /// 1 − (1 − 1/n)ⁿ (100% for one run, 75% for two, about 63% for many).
    static func chanceOfSeeing(runs: Int) -> String {
        let n = Double(max(1, runs))
        return "\(Int((100 * (1 - pow(1 - 1 / n, n))).rounded()))%"
    }

    /// The verdict under the table.
    /// `cleanRuns`: how many runs the loads without a failure had (the rest of the runs are the
    /// failing loads'): a load is blamed only where that split would be unlikely by chance.
    static func verdict(
        passed: Int, runs: Int, failingLoads: [StressLoad], cleanLoads: [StressLoad], cleanRuns: Int? = nil
    ) -> String {
        if runs == 0 { return "Nothing ran." }
        if passed == runs {
            return
                "Every run passed (\(runs) of \(runs)). That bounds the failure rate, it does not prove there is none: with \(runs) clean run\(runs == 1 ? "" : "s") a failure that happens in 1 run of \(runs) would have shown at least once with a chance of \(chanceOfSeeing(runs: runs))."
        }
        if passed == 0 {
            return
                "Every run failed (\(runs) of \(runs)): this is not flakiness but a failure; run the command once to read it."
        }
        var sentence =
            "\(runs - passed) of \(runs) run\(runs == 1 ? "" : "s") failed (\(percent(runs - passed, of: runs))): the command is flaky, the same code passed and failed."
        if !failingLoads.isEmpty && !cleanLoads.isEmpty {
            let failing = failingLoads.map(\.rawValue).joined(separator: ", ")
            let clean = cleanLoads.map(\.rawValue).joined(separator: ", ")
            // The chance that every failure fell under the failing loads if the loads made no
            // difference (one side of Fisher's exact test): a coin flip that failed once in three
            // busy runs and never in two on one CPU was blamed on the load (an audit).
            let chance = cleanRuns.map {
                chanceAllFailuresFallApart(failures: runs - passed, cleanRuns: $0, runs: runs)
            }
            if let chance, chance >= 0.05 {
                sentence +=
                    " It failed only under \(failing), but so few failures could fall that way by chance (\((chance * 100).formatted(significantDigits: 2))%): run more to tell whether the conditions matter."
            } else {
                sentence +=
                    " It failed under \(failing) and never under \(clean): its result depends on the conditions it ran under; look for a wait that assumes work is done within some time."
            }
        }
        return sentence
    }

    /// The chance that all `failures` of `runs` fall outside the `cleanRuns` runs, each run as
    /// likely to fail as any other: C(runs − cleanRuns, failures) / C(runs, failures).
    static func chanceAllFailuresFallApart(failures: Int, cleanRuns: Int, runs: Int) -> Double {
        guard failures > 0, failures <= runs - cleanRuns else { return failures == 0 ? 1 : 0 }
        var chance = 1.0
        for index in 0..<failures { chance *= Double(runs - cleanRuns - index) / Double(runs - index) }
        return chance
    }
}
