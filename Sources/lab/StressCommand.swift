import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabProcesses
import LessonKit
import Lessons

/// `lab stress [--runs N] [--load LOAD,…] -- COMMAND…`: runs any command many times under
/// chosen loads, one after another (the runs take turns among the loads), and reports the
/// pass rate and the conditions of every failure. Exit status 0 when every run passed, 1 when
/// one failed, 2 for a bad command line.
@MainActor
enum StressCommand {
    nonisolated static let loads = StressLoad.allCases.map(\.rawValue)

    nonisolated static var spec: CommandSpec {
        CommandSpec(
            "lab stress", summary: "Run a command many times under load and report its pass rate",
            positionals: .init(
                "-- COMMAND", minimum: 1, maximum: 10_000,
                help: "The command to run, after '--', e.g. -- swift test --filter MyTest"),
            options: [
                OptionSpec("runs", .integer("N", 1...10_000), help: "How many times to run it (default 20)"),
                OptionSpec(
                    "load", .choiceList("LOAD,…", loads),
                    help:
                        "The loads the runs take turns under (default busy): none, busy (a spinning thread per CPU beside it), one-cpu (taskset), busy+one-cpu, narrow-pool (Swift's pool gets one thread; Linux)"
                ),
                OptionSpec(
                    "timeout", .number("SECONDS", 1...86_400),
                    help: "A run still going after this is stopped and counted as failed (default 600)"),
                LabSubcommand.json, LabSubcommand.noColor, LabSubcommand.askHelp,
            ],
            details: "Exit status: 0 every run passed, 1 a run failed, 2 bad usage.")
    }

    static func run(_ arguments: [String]) async throws -> Int32 {
        do {
            return try await stress(arguments)
        } catch let error as StressError {
            StandardError.write("lab stress: error: \(error)")
            return UsageError.exitCode
        }
    }

    static func stress(_ arguments: [String]) async throws -> Int32 {
        let parsed = try spec.parse(arguments)
        if parsed.flag("help") {
            StandardOutput.line(spec.help(width: Terminal.detect().width))
            return 0
        }
        // The command only after '--', as the usage says: `lab stress true` once ran `true`,
        // and a typo'd option of lab's would have been run as the command.
        let afterSeparator = arguments.firstIndex(of: "--").map { arguments.count - $0 - 1 } ?? 0
        if parsed.positionals.count != afterSeparator {
            throw UsageError.missingArgument(
                "'--' before the command, e.g. lab stress -- \(parsed.positionals[0])")
        }
        let command = parsed.positionals
        let chosen = (parsed.list("load") ?? ["busy"]).compactMap(StressLoad.init(rawValue:))
        let find = { (name: String) in ProgramLookup.find(name) }
        guard let program = ProgramLookup.find(command[0]) else {
            if ProgramLookup.isFolder(command[0]) {
                throw StressError("'\(command[0])' is a folder, not a program; give the command after '--'")
            }
            // A name with a slash is a path, which PATH has no part in.
            throw StressError(
                command[0].contains("/")
                    ? "no program at '\(command[0])'; give the command after '--'"
                    : "no program '\(command[0])' found (looked on PATH); give the command after '--'")
        }
        for load in chosen {
            if let reason = load.unavailableReason(onPath: find) { throw StressError(reason) }
        }
        let runs = parsed.integer("runs") ?? 20
        // The runs take turns among the loads: fewer runs than loads would leave a load untried.
        if runs < chosen.count {
            throw UsageError.invalidValue(
                option: "runs", value: "\(runs)",
                expected: "at least \(chosen.count), one run per load given to --load")
        }
        let timeout = parsed.number("timeout") ?? 600
        let json = parsed.flag("json")
        let terminal = Terminal.detect(noColorFlag: parsed.flag("no-color"))
        let lab = try ExecutableLocation.relaunchHost()

        var conditions: [StressReport.Condition] = []
        for load in chosen {
            conditions.append(
                .init(
                    load: load, cpus: load.pinsToOneCPU ? 1 : UsableCPUs.count,
                    busyThreads: load.addsBusyProcess ? (load.pinsToOneCPU ? 1 : UsableCPUs.count) : 0,
                    poolWidth: await poolWidth(under: load, lab: lab, find: find)))
        }
        if chosen.contains(.narrowPool), conditions.first(where: { $0.load == .narrowPool })?.poolWidth == nil {
            throw StressError(
                "--load narrow-pool could not be made here (unshare --user --mount failed: user namespaces may be off)")
        }
        var report = StressReport(command: [program.path] + command.dropFirst(), conditions: conditions, runs: [])
        if !json {
            StandardOutput.line(
                "Running \(command.map(Self.quotedForAShell).joined(separator: " ")) \(runs) time\(runs == 1 ? "" : "s") under \(chosen.map(\.rawValue).joined(separator: ", ")):"
            )
        }
        for index in 0..<runs {
            let load = chosen[index % chosen.count]
            let run = await runOnce(
                index: index + 1, command: report.command, load: load, lab: lab, timeout: timeout, find: find)
            report.runs.append(run)
            if !json && !run.passed {
                StandardOutput.line(
                    "  run \(run.index) (\(load.rawValue)) failed: \(run.outcome) after \(String(format: "%.1f", run.seconds)) s"
                        + (run.failureLine.map { " — \($0)" } ?? ""))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.keyEncodingStrategy = .convertToSnakeCase
            StandardOutput.write(try encoder.encode(report))
            StandardOutput.line("")
        } else {
            print(report, terminal: terminal)
        }
        return report.failed == 0 ? 0 : 1
    }

    static func print(_ report: StressReport, terminal: Terminal) {
        let console = Console(terminal: terminal)
        var table = Table(
            headers: ["load", "CPUs", "busy threads", "pool width", "passed", "failed"], rightAligned: [1, 2, 3, 4, 5])
        for condition in report.conditions {
            let runs = report.runs(under: condition.load)
            table.append([
                condition.load.rawValue, "\(condition.cpus)", "\(condition.busyThreads)",
                condition.poolWidth.map { "\($0)" } ?? "?", "\(runs.filter(\.passed).count) of \(runs.count)",
                "\(runs.filter { !$0.passed }.count)",
            ])
        }
        console.table(table)
        let failing = report.conditions.map(\.load).filter { load in report.runs(under: load).contains { !$0.passed } }
        let clean = report.conditions.map(\.load).filter { load in
            let runs = report.runs(under: load)
            return !runs.isEmpty && runs.allSatisfy(\.passed)
        }
        console.paragraph(
            StressSummary.verdict(
                passed: report.passed, runs: report.runs.count, failingLoads: failing, cleanLoads: clean,
                cleanRuns: clean.map { report.runs(under: $0).count }.reduce(0, +)))
    }

    /// A word as a shell reads it back: as it is where it is plain, else in single quotes (the
    /// header dropped the quoting of `bash -c 'echo out; …'`, so it could not be run again as shown).
    nonisolated static func quotedForAShell(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs the command once under `load`, with the busy process (if any) around it.
    static func runOnce(
        index: Int, command: [String], load: StressLoad, lab: URL, timeout: Double, find: (String) -> URL?
    ) async -> StressReport.Run {
        let busy = load.startBusyProcess(lab: lab, onPath: find)
        if busy != nil { try? await Task.sleep(for: .milliseconds(200)) }  // let its threads start spinning
        let loadAverage = LoadAverage.oneMinute()
        let wrapped = load.wrap(command, onPath: find)
        let clock = ContinuousClock()
        let start = clock.now
        let result = try? await ProcessCapture.run(
            URL(fileURLWithPath: wrapped[0]), Array(wrapped.dropFirst()), timeout: timeout, mergeErrors: true)
        let seconds = (clock.now - start).seconds
        busy?.cancel()
        await busy?.value
        guard let result else {
            return .init(
                index: index, load: load, passed: false, outcome: "could not start", seconds: seconds,
                loadAverage: loadAverage, failureLine: nil)
        }
        let outcome =
            result.timedOut
            ? "timed out (the limit is \(timeout.formatted(significantDigits: 4)) s)"
            : result.crashed ? "stopped by signal \(result.status)" : "exited with status \(result.status)"
        let passed = !result.timedOut && !result.crashed && result.status == 0
        return .init(
            index: index, load: load, passed: passed, outcome: outcome, seconds: seconds, loadAverage: loadAverage,
            failureLine: passed ? nil : FailureLine.first(in: result.standardOutput))
    }

    /// The pool width a Swift program gets under `load`: the lab's own probe, run under it.
    static func poolWidth(under load: StressLoad, lab: URL, find: (String) -> URL?) async -> Int? {
        let wrapped = load.wrap([lab.path], onPath: find)
        var environment = ProcessInfo.processInfo.environment
        environment[ChildDemo.environmentKey] = StressChildDemos.poolWidthName
        let result = try? await ProcessCapture.run(
            URL(fileURLWithPath: wrapped[0]), Array(wrapped.dropFirst()), environment: environment, timeout: 30)
        guard let result, result.status == 0 else { return nil }
        return Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A stress run that cannot start: one line, exit status 2.
struct StressError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The line of a failing run's output that says what failed (Swift Testing's ✘, XCTest's
/// "error:", a crash), so failures can be told apart in the report.
enum FailureLine {
    static func first(in output: String) -> String? {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let markers = ["✘ Test ", "error:", "Fatal error", "failed"]
        for marker in markers {
            if let line = lines.first(where: { $0.contains(marker) }) { return String(line.prefix(160)) }
        }
        return lines.last(where: { !$0.isEmpty }).map { String($0.prefix(160)) }
    }
}

/// How busy the machine already is.
enum LoadAverage {
    static func oneMinute() -> Double? {
        var samples = [Double](repeating: 0, count: 1)
        return getloadavg(&samples, 1) == 1 ? samples[0] : nil
    }
}
