import LabConsole
import LabCore
import LessonKit

/// A test that races the unstructured task the code under test started, run many times on
/// the machine as it is and beside busy threads; then the same test awaiting a confirmation.
/// Who wins the race is the scheduler's choice, so every sentence about it is chosen from the counts.
enum UnstructuredRaceVariant {
    static let trials = 100

    struct Outcome: Sendable, Equatable {
        var idleFailures: Int
        var busyFailures: Int
        var confirmedFailures: Int
        var trials: Int
        var racingSecondsPerTest: Double
        var confirmedSecondsPerTest: Double
    }

    static let variant = LessonVariant(
        "unstructured-race", title: "A test racing the unstructured task the code started"
    ) { context in
        let console = context.console
        let busyThreads = 3 * UsableCPUs.count
        console.paragraph(
            "The Save button's action starts a Task {} that stores the photo, and returns. The test taps it and checks the library right away, with no sleep at all: it races that task. We run it \(trials) times as the machine is and \(trials) times beside \(busyThreads) spinning threads; then, beside the same threads, the test that awaits a confirmation the button gives once the photo is stored (what Swift Testing's confirmation counts: one call, exactly)."
        )
        let idle = await SleepAndHopeVariant.measure(trials) { await SaveButtonTests.checksRightAway() }
        let (busy, confirmed) = await BusyThreads.beside(count: busyThreads) {
            (
                await SleepAndHopeVariant.measure(trials) { await SaveButtonTests.checksRightAway() },
                await SleepAndHopeVariant.measure(trials) { await SaveButtonTests.awaitsTheConfirmation() }
            )
        }
        var table = Table(headers: ["test", "machine", "failed", "of", "each run took"], rightAligned: [2, 3, 4])
        table.append([
            "checks right away", "as it is", "\(idle.failures)", "\(trials)", idle.seconds.formattedAsDuration,
        ])
        table.append([
            "checks right away", "\(busyThreads) busy threads", "\(busy.failures)", "\(trials)",
            busy.seconds.formattedAsDuration,
        ])
        table.append([
            "awaits the confirmation", "\(busyThreads) busy threads", "\(confirmed.failures)", "\(trials)",
            confirmed.seconds.formattedAsDuration,
        ])
        console.table(table)
        context.recordInTable(Figure(key: "trials", label: "runs of each test", value: Double(trials), unit: .count))
        context.recordInTable(
            Figure(
                key: "idle_failures", label: "racing test failures, machine as it is", value: Double(idle.failures),
                unit: .count))
        context.recordInTable(
            Figure(
                key: "busy_failures", label: "racing test failures beside busy threads", value: Double(busy.failures),
                unit: .count))
        context.recordInTable(
            Figure(
                key: "confirmed_failures", label: "confirmation test failures beside busy threads",
                value: Double(confirmed.failures), unit: .count))
        context.recordInTable(
            Figure(
                key: "racing_seconds_per_test", label: "each racing run beside busy threads", value: busy.seconds,
                unit: .seconds))
        context.recordInTable(
            Figure(
                key: "confirmed_seconds_per_test", label: "each confirmation run beside busy threads",
                value: confirmed.seconds, unit: .seconds))
        let outcome = Outcome(
            idleFailures: idle.failures, busyFailures: busy.failures, confirmedFailures: confirmed.failures,
            trials: trials, racingSecondsPerTest: busy.seconds, confirmedSecondsPerTest: confirmed.seconds)
        console.paragraph(RaceNarration.sentences(outcome).joined(separator: " "))
    }
}

/// The unstructured-race sentences, chosen from the counts and times (tested for each outcome).
enum RaceNarration {
    static func sentences(_ outcome: UnstructuredRaceVariant.Outcome) -> [String] {
        var lines: [String] = []
        let (idle, busy, n) = (outcome.idleFailures, outcome.busyFailures, outcome.trials)
        switch (idle, busy) {
        case (0, 0):
            lines.append(
                "The racing test passed all \(n) runs both times: the task won every race here, which is luck; nothing in the test waits for it, and another machine or scheduler may let the check go first."
            )
        case (n, n):
            lines.append(
                "The racing test failed all \(n) runs both times: the check reached the library before the task did, every time. It is still a race: a machine where the task starts sooner would pass it, sometimes."
            )
        case (0, _), (_, n):
            lines.append(
                "The racing test failed \(idle) of \(n) runs as the machine was and \(busy) of \(n) beside busy threads: the same code, and the load decided who won."
            )
        default:
            lines.append(
                "The racing test failed \(idle) of \(n) runs as the machine was and \(busy) of \(n) beside busy threads: who wins is the scheduler's choice on each run, and that is the flake."
            )
        }
        if outcome.confirmedFailures == 0 {
            lines.append(
                "The test that awaits the confirmation passed all \(n) beside the same threads: it checks once the button said the photo is stored, and that it said so once."
            )
            let (confirmed, racing) = (
                outcome.confirmedSecondsPerTest.formattedAsDuration, outcome.racingSecondsPerTest.formattedAsDuration
            )
            lines.append(
                outcome.confirmedSecondsPerTest > outcome.racingSecondsPerTest
                    ? "Each run took \(confirmed) against \(racing) for the racing check: the wait for the save, and no longer."
                    : "Each run took \(confirmed), no longer than the racing check's \(racing) on this run: the save is quick, and the wait ends when it does."
            )
            lines.append(
                "What it costs: the code gives a seam (a callback, a returned task) that says when its work is done.")
        } else {
            lines.append(
                "The test that awaits the confirmation failed \(outcome.confirmedFailures) of \(n): the button confirmed without storing the photo, or more than once, which is a bug in the code under test."
            )
        }
        return lines
    }
}
