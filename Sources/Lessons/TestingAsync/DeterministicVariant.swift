import LabConsole
import LabCore
import LessonKit

/// An order-dependent test, run many times with the code's tasks on the global executor and
/// with them on a serial executor: the first order is the scheduler's choice, the second is fixed.
enum DeterministicVariant {
    static let trials = 40

    struct Outcome: Sendable, Equatable {
        var globalFailures: Int
        var serialFailures: Int
        var trials: Int
        var globalSecondsPerTest: Double
        var serialSecondsPerTest: Double
        /// Of the global executor's out-of-order runs, how each came to (measured).
        var causes: [ReorderCause: Int] = [:]
    }

    /// Closer than this, two times per run are "about the same".
    static let sameCost = 1.5

    /// The most running the edits one after another can cost against side by side: their work
    /// added up, against the longer one's alone (1.25× by their stated times).
    static var orderCost: Double {
        let work = PhotoEditTests.edits.map(\.renderTime.seconds)
        return work.reduce(0, +) / (work.max() ?? 1)
    }

    static let variant = LessonVariant(
        "deterministic", title: "An order-dependent test made deterministic by a serial executor"
    ) { context in
        let console = context.console
        console.paragraph(
            "Each edit of the photo list does its CPU work in an unstructured task, then writes the list's log: \"add\" renders a thumbnail (about \(context.stated(seconds: PhotoEditTests.edits[0].renderTime.seconds))), \"rename\" redraws a caption (about \(context.stated(seconds: PhotoEditTests.edits[1].renderTime.seconds))). The test applies \"add\" then \"rename\", awaits both tasks, and expects the log in that order. We run it \(trials) times with the tasks on the global executor, and \(trials) times with the model isolated to a global actor on a custom serial executor (one thread, jobs in the order they came), its tasks started explicitly on that actor."
        )
        var causes: [ReorderCause: Int] = [:]
        let global = await SleepAndHopeVariant.measure(trials) {
            let (kept, cause) = await PhotoEditTests.keepsTheOrderOrSaysWhy(GlobalPhotoEdits())
            if let cause { causes[cause, default: 0] += 1 }
            return kept
        }
        let serial = await SleepAndHopeVariant.measure(trials) {
            await PhotoEditTests.keepsTheOrder(SerialPhotoEdits())
        }
        var table = Table(
            headers: ["edits' tasks run on", "out of order", "of", "each run took"], rightAligned: [1, 2, 3])
        table.append(["the global executor", "\(global.failures)", "\(trials)", global.seconds.formattedAsDuration])
        table.append(["a serial executor", "\(serial.failures)", "\(trials)", serial.seconds.formattedAsDuration])
        console.table(table)
        context.recordInTable(Figure(key: "trials", label: "runs of each test", value: Double(trials), unit: .count))
        context.recordInTable(
            Figure(
                key: "global_failures", label: "out of order, global executor", value: Double(global.failures),
                unit: .count))
        context.recordInTable(
            Figure(
                key: "serial_failures", label: "out of order, serial executor", value: Double(serial.failures),
                unit: .count))
        context.recordInTable(
            Figure(
                key: "global_seconds_per_test", label: "each run, global executor", value: global.seconds,
                unit: .seconds))
        context.recordInTable(
            Figure(
                key: "serial_seconds_per_test", label: "each run, serial executor", value: serial.seconds,
                unit: .seconds))
        let ratio = serial.seconds / global.seconds
        context.record(
            "reordered_overlapping", "out of order with the edits' work overlapping in time",
            count: causes[.overlapped] ?? 0)
        context.record("serial_cost_ratio", "the slower ÷ the faster, per run", ratio: ratio >= 1 ? ratio : 1 / ratio)
        _ = context.stated(ratio: sameCost)
        _ = context.stated(ratio: orderCost)
        let outcome = Outcome(
            globalFailures: global.failures, serialFailures: serial.failures, trials: trials,
            globalSecondsPerTest: global.seconds, serialSecondsPerTest: serial.seconds, causes: causes)
        console.paragraph(OrderNarration.sentences(outcome, cpus: UsableCPUs.count).joined(separator: " "))
    }
}

/// The deterministic variant's sentences, chosen from the counts and times (tested for each outcome).
enum OrderNarration {
    /// `cpus`: the CPUs this process may use. With one, two threads never run at once: work that
    /// overlapped in time on two threads took turns, and a switch in the middle of the slower
    /// edit let the quicker one write first.
    static func sentences(_ outcome: DeterministicVariant.Outcome, cpus: Int) -> [String] {
        var lines: [String] = []
        let n = outcome.trials
        let overlapped = how(outcome, cpus: cpus)
        switch outcome.globalFailures {
        case 0:
            lines.append(
                "On the global executor the log kept the order in all \(n) runs this time: luck (one thread may have run both edits, as on a busy or one-CPU machine); nothing in the code orders them."
            )
        case n:
            lines.append(
                "On the global executor the log was out of order in all \(n) runs: \(overlapped)."
            )
        default:
            lines.append(
                "On the global executor the log was out of order in \(outcome.globalFailures) of \(n) runs: \(overlapped); in the others the order held: the test passes or fails by how the runs were scheduled."
            )
        }
        guard outcome.serialFailures == 0 else {
            lines.append(
                "On the serial executor it was out of order in \(outcome.serialFailures) of \(n) runs: the executor did not run the jobs in the order they came, which is a bug in the executor."
            )
            return lines
        }
        lines.append(
            "On the serial executor the order held in all \(n) runs, and it holds on any machine: the edits run one at a time, in the order they were applied."
        )
        let ratio = outcome.serialSecondsPerTest / outcome.globalSecondsPerTest
        let (serial, global) = (
            outcome.serialSecondsPerTest.formattedAsDuration, outcome.globalSecondsPerTest.formattedAsDuration
        )
        let code = "What it costs is in the code: the model must be isolated to an actor on that executor."
        if ratio >= DeterministicVariant.sameCost {
            // Above what the order alone can cost: one after another, the edits' work takes their sum
            // where side by side it took the longer one's (1.25× by their stated times, under 1.5×).
            let orderCosts = DeterministicVariant.orderCost
            let stated = PhotoEditTests.edits.map(\.renderTime.seconds.formattedAsDuration).joined(separator: " then ")
            lines.append(
                "What it costs: each run took \(serial) against \(global), \(ratio.formattedAsRatio) as long. Running the edits one after another accounts for at most \(orderCosts.formattedAsRatio) of that (their work, \(stated), added up against the longer alone); the rest was this run's scheduling, not the order. And the model must be isolated to an actor on that executor."
            )
        } else if ratio > 1 {
            lines.append(
                "Each run took \(serial) against \(global) on the global executor (longer, but within \(DeterministicVariant.sameCost.formattedAsRatio)): running the edits one after another cost little on this run. \(code)"
            )
        } else if ratio < 1 {
            lines.append(
                "Each run took \(serial) against \(global) on the global executor: the serial executor was the quicker on this run (\((1 / ratio).formattedAsRatio) faster), so running the edits one after another cost no time here. \(code)"
            )
        } else {
            lines.append(
                "Each run took \(serial) on either executor: running the edits one after another cost no time on this run. \(code)"
            )
        }
        return lines
    }

    /// How the out-of-order runs came to, as their edits' timed work shows: "in those, …" when
    /// all came to the same, else each with its count.
    static func how(_ outcome: DeterministicVariant.Outcome, cpus: Int) -> String {
        let together =
            cpus <= 1
            ? "the two edits' work overlapped in time on two threads, which took turns on this process's one CPU, and the quicker rename finished and wrote first"
            : "the two edits' work overlapped in time on two threads (measured), and the quicker rename wrote first"
        let parts: [(ReorderCause, String)] = [
            (.overlapped, together),
            (.secondRanFirst, "the rename's task ran and ended before the add's work began"),
            (
                .firstHeldBeforeItsWrite,
                "the add's work ended before the rename's began, yet the rename wrote the log first"
            ),
            (.unknown, "the edits' timing was not recorded"),
        ]
        let found = parts.filter { (outcome.causes[$0.0] ?? 0) > 0 }
        guard let first = found.first else { return "in those, the edits' timing was not recorded" }
        if found.count == 1 { return "in those, \(first.1)" }
        return "in \(outcome.causes[first.0] ?? 0) of those, \(first.1); "
            + found.dropFirst().map { "in \(outcome.causes[$0.0] ?? 0), \($0.1)" }.joined(separator: "; ")
    }
}
