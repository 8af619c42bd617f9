import Foundation
import LabCore

/// Turns what a sandboxed check sent on its private channel into a verdict.
///
/// A record counts only if it carries this run's secret. A check passes only when
/// it announced its plan, every planned expectation arrived as a pass, none failed,
/// the final "done" record arrived, and the process exited 0. Anything else — an
/// `exit(0)` in the student's code, an early return, "✔" printed to standard output,
/// a record forged without the secret — is a failure that says what was missing.
///
/// Beside the check's records, the verdict weighs facts the grader has from elsewhere: the
/// plan's size read from the check's source (a forged "plan 0" is refused), and what the
/// sandbox's supervisor saw (a refused system call, a process left running, the wait
/// status the kernel reported).
struct CheckVerdict {
    let exercise: Exercise
    let secret: String
    /// `plannedExpectations` as the check's source declares it (nil: not known, any plan is taken).
    var planned: Int? = nil

    struct Records: Equatable {
        var planned: Int?
        var passes: [String] = []
        var failures: [String] = []
        /// How many of `failures` came as "late" records: bounds on the clock alone.
        var late = 0
        var lastWaiting: String?
        var done = false
        var fingerprint: String?
        /// System calls the sandbox refused, by number (the check's SIGSYS handler reports them).
        var refusedCalls: [Int] = []
        /// How many plan and done records arrived: a check sends one of each.
        var plans = 0
        var dones = 0
    }

    func records(_ lines: [String]) -> Records {
        var records = Records()
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, fields[0] == secret else { continue }
            switch fields[1] {
            case "plan":
                records.planned = Int(fields[2])
                records.plans += 1
            case "pass": records.passes.append(fields[2])
            case "fail": records.failures.append(fields[2])
            case "late":
                records.failures.append(fields[2])
                records.late += 1
            case "waiting": records.lastWaiting = fields[2]
            case "done":
                records.done = true
                records.dones += 1
            case "fingerprint": records.fingerprint = fields[2]
            case "refused": records.refusedCalls += Int(fields[2]).map { [$0] } ?? []
            default: continue
            }
        }
        return records
    }

    func outcome(_ result: Sandbox.Result) -> CheckOutcome { outcome(result, records: records(result.records)) }

    func outcome(_ result: Sandbox.Result, records: Records) -> CheckOutcome {
        var outcome = judge(result, records: records)
        outcome.notes = result.notes
        return outcome
    }

    static let supervisorLost =
        "refused: the sandbox's supervisor was stopped before the check ended, so its verdict cannot be trusted"

    /// What the sandbox refused or saw, one line each, before anything the check said counts.
    func sandboxRefusals(_ result: Sandbox.Result, records: Records) -> [String] {
        var refusals = records.refusedCalls.map { number in
            "refused by the sandbox: your code called \(SandboxCalls.name(number))(), which a check may not (\(SandboxCalls.why(number)))"
        }
        if result.signal == SIGSYS && refusals.isEmpty {
            refusals.append(
                "refused by the sandbox: your code made a system call a check may not make, and was stopped")
        }
        if result.supervisorLost { refusals.append(Self.supervisorLost) }
        if result.strays > 0 {
            refusals.append(
                "refused: your code left \(result.strays) process\(result.strays == 1 ? "" : "es") running after the check ended (the sandbox stopped \(result.strays == 1 ? "it" : "them"))"
            )
        }
        if let planned, let announced = records.planned, announced != planned {
            refusals.append(
                "refused: the check's records were forged (they announced \(announced) expectations; this check has \(planned))"
            )
        } else if records.plans > 1 || records.dones > 1 || records.passes.count > (records.planned ?? .max) {
            // A check sends one plan, at most one pass per expectation and one done: more is someone else's.
            refusals.append(
                "refused: the check's records were forged (\(records.plans) plans, \(records.passes.count) passes for \(records.planned ?? 0) expectations, \(records.dones) ends)"
            )
        }
        return refusals
    }

    func judge(_ result: Sandbox.Result, records: Records) -> CheckOutcome {
        let output = Grader.cut(result.output, lines: 30)
        let refusals = sandboxRefusals(result, records: records)
        if !refusals.isEmpty {
            return CheckOutcome(stage: .forbidden, messages: refusals, details: output)
        }
        if let resident = result.stoppedAtMemory {
            return CheckOutcome(
                stage: .crash,
                messages: [
                    String(
                        format: "stopped: its memory reached %.1f GB (a check may use at most %.0f GB)",
                        Double(resident) / Double(1 << 30), Double(result.limits.memoryBytes) / Double(1 << 30))
                ],
                details: output)
        }
        if let scratch = result.stoppedAtScratch {
            return CheckOutcome(
                stage: .crash, messages: [Self.scratchSentence(scratch, limits: result.limits)], details: output)
        }
        if result.timedOut {
            let waiting = records.lastWaiting.map { " It was waiting for \($0)." } ?? ""
            return CheckOutcome(
                stage: .timeout,
                messages: [
                    "\(exercise.id) did not finish within \(Self.clock(result)) and was stopped.\(waiting) Something awaits a result that never comes: a continuation never resumed, a task never finished, or a loop that never ends."
                ],
                details: output)
        }
        if let signal = result.signal {
            // Where the check was, as a timeout's verdict says: a crash in one part of a check (03's
            // rover with no photos, where `photos[0]` traps) is told which part it was.
            let waiting = records.lastWaiting.map { " (it was waiting for \($0))" } ?? ""
            return CheckOutcome(
                stage: .crash,
                messages: [CrashReason.explain(signal: signal, output: result.output, limits: result.limits) + waiting]
                    + records.failures,
                details: output)
        }
        if !records.failures.isEmpty {
            var outcome = CheckOutcome(stage: .checks, messages: records.failures, details: "")
            outcome.onlyLate = records.late == records.failures.count
            return outcome
        }
        let planned = records.planned ?? 0
        if records.planned == nil || records.passes.count < planned || !records.done {
            let arrived = records.passes.count
            let status = result.exitStatus.map { "exited with status \($0)" } ?? "ended"
            let what =
                records.planned == nil
                ? "the check \(status) before it started: something in your file ended the program (exit, fatalError, a crash) before the check could run"
                : "the check \(status) before its \(Self.ordinal(arrived + 1)) expectation (\(arrived) of \(planned) arrived)"
                    + (records.lastWaiting.map { ", while waiting for \($0)" } ?? "")
                    + ": your code ended the program early (exit, fatalError) instead of returning"
            return CheckOutcome(stage: .incomplete, messages: [what], details: output)
        }
        if result.exitStatus != 0 {
            return CheckOutcome(
                stage: .checks, messages: ["the check exited with status \(result.exitStatus ?? -1)"], details: output)
        }
        return CheckOutcome(stage: .passed, messages: records.passes, details: "")
    }

    /// The clock a check that was stopped had: its exercise's, and the time its threads waited for
    /// a CPU where that lengthened it (said only from a tenth of a second). Not "a busy machine":
    /// on one CPU, an answer's own loop keeps the check's other threads waiting too.
    static func clock(_ result: Sandbox.Result) -> String {
        let limit = "\(result.limits.wallSeconds.formatted(significantDigits: 3)) s"
        guard result.waitedForCPU >= 0.1 else { return limit }
        return
            "\(limit) (and \(result.waitedForCPU.formatted(significantDigits: 2)) s more, the time its threads waited for a CPU)"
    }

    /// Why a check was stopped for what it wrote, beside the limit it passed. The supervisor
    /// stops counting at the limit, so its figures are lower bounds ("at least").
    static func scratchSentence(_ scratch: Sandbox.ScratchUse, limits: Sandbox.Limits) -> String {
        guard scratch.entries != nil else {
            return "stopped: it nested folders in its scratch folder deeper than a check may"
        }
        if scratch.bytes > limits.scratchBytes {
            return
                "stopped: it wrote at least \(scratch.bytes >> 20) MB into its scratch folder (a check may write \(limits.scratchBytes >> 20) MB there; the disk is shared with other checks)"
        }
        return
            "stopped: it made more than \(limits.scratchEntries) files and folders in its scratch folder (a check may make \(limits.scratchEntries))"
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}

/// One line on why a check's process died, from its signal and last words.
enum CrashReason {
    static func explain(signal: Int32, output: String, limits: Sandbox.Limits) -> String {
        let gigabytes = Double(limits.memoryBytes) / Double(1 << 30)
        if output.contains("BUG IN CLIENT OF LIBDISPATCH") && output.contains("already owned") {
            return
                "crashed: a DispatchQueue.sync onto the queue it was already running on (e.g. DispatchQueue.main.sync from the main actor) would deadlock, and libdispatch stopped it"
        }
        if output.contains("allocat") && (output.contains("memory") || output.contains("Memory"))
            || output.contains("std::bad_alloc")
        {
            return "crashed: ran out of memory (a check may use at most \(String(format: "%.0f", gigabytes)) GB)"
        }
        if let fatal = output.split(separator: "\n").first(where: { $0.contains("Fatal error") }) {
            let message = fatal.range(of: "Fatal error").map { String(fatal[$0.lowerBound...]) } ?? String(fatal)
            return "crashed: \(message.prefix(200))"
        }
        switch signal {
        case SIGXCPU: return "stopped: used more than \(limits.cpuSeconds) s of CPU time (a loop that never ends?)"
        case SIGXFSZ: return "stopped: wrote a file larger than \(limits.fileSizeBytes >> 20) MB"
        case SIGSEGV, SIGBUS:
            return "crashed (signal \(signal), a memory fault): most often a stack overflow from endless recursion"
        case SIGILL, SIGTRAP:
            return
                "crashed (signal \(signal)): a runtime trap — force-unwrapping nil, an index out of range, an arithmetic overflow, or a continuation resumed twice"
        case SIGABRT: return "crashed (signal \(signal), abort)"
        case SIGSYS: return "stopped by the sandbox (signal \(signal)): a system call a check may not make"
        case SIGKILL: return "was killed (signal 9): most often it ran out of memory"
        default: return "crashed (signal \(signal))"
        }
    }
}
