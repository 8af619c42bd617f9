import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// A test that sleeps and hopes, and its fixed twin, each run many times on the machine as it
/// is and beside busy threads: the failure rate is the figure, and it is luck, so every
/// sentence about it is chosen from it.
enum SleepAndHopeVariant {
    static let trials = 30
    /// About 5 ms of CPU work: a thumbnail's decoding and scaling.
    static let renderTime = Duration.milliseconds(5)
    /// Almost four times the rendering: on an idle machine, plenty.
    static let wait = Duration.milliseconds(15)

    struct Rates: Sendable, Equatable {
        var idleFailures: Int
        var busyFailures: Int
        var fixedFailures: Int
        var trials: Int
        var busyThreads: Int
    }

    /// Failures of `test` over `trials` runs, and the time each run took.
    @MainActor
    static func measure(_ trials: Int, _ test: @MainActor () async -> Bool) async -> (failures: Int, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var failed = 0
        for _ in 0..<trials where await !test() { failed += 1 }
        return (failed, (clock.now - start).seconds / Double(trials))
    }

    @MainActor
    static func failures(_ trials: Int, _ test: @MainActor () async -> Bool) async -> Int {
        await measure(trials, test).failures
    }

    static let variant = LessonVariant(
        "sleep-and-hope", title: "A test that sleeps and hopes, run 30 times idle and beside busy threads"
    ) { context in
        let console = context.console
        let busyThreads = 3 * UsableCPUs.count
        console.paragraph(
            "The test prefetches a thumbnail (about \(context.stated(seconds: renderTime.seconds)) of CPU work in an unstructured task), sleeps \(context.stated(seconds: wait.seconds)), and expects it rendered. We run it \(trials) times as the machine is, then \(trials) times beside \(busyThreads) spinning threads (three per usable CPU, as a parallel build runs more jobs than cores), then its twin that awaits the rendering itself, beside the same threads."
        )
        let idle = await failures(trials) { await RendererTests.sleepsAndHopes(renderTime: renderTime, wait: wait) }
        let (busy, fixed) = await BusyThreads.beside(count: busyThreads) {
            (
                await failures(trials) { await RendererTests.sleepsAndHopes(renderTime: renderTime, wait: wait) },
                await failures(trials) { await RendererTests.awaitsTheEvent(renderTime: renderTime) }
            )
        }
        var table = Table(headers: ["test", "machine", "failed", "of"], rightAligned: [2, 3])
        table.append(["sleeps \(wait.humanReadable) and hopes", "as it is", "\(idle)", "\(trials)"])
        table.append(["sleeps \(wait.humanReadable) and hopes", "\(busyThreads) busy threads", "\(busy)", "\(trials)"])
        table.append(["awaits the rendering", "\(busyThreads) busy threads", "\(fixed)", "\(trials)"])
        console.table(table)
        context.record("trials", "runs of each test", count: trials)
        context.record("idle_failures", "sleep-and-hope failures, machine as it is", count: idle)
        context.record("busy_failures", "sleep-and-hope failures beside busy threads", count: busy)
        context.record("fixed_failures", "await-the-event failures beside busy threads", count: fixed)
        context.record("busy_threads", "spinning threads", count: busyThreads)
        let rates = Rates(
            idleFailures: idle, busyFailures: busy, fixedFailures: fixed, trials: trials, busyThreads: busyThreads)
        console.paragraph(FlakeNarration.sentences(rates).joined(separator: " "))
    }
}

/// The sleep-and-hope sentences, chosen from the failure counts (tested for each outcome).
enum FlakeNarration {
    static func sentences(_ rates: SleepAndHopeVariant.Rates) -> [String] {
        var lines: [String] = []
        let (idle, busy, n) = (rates.idleFailures, rates.busyFailures, rates.trials)
        switch (idle, busy) {
        case (0, 0):
            lines.append(
                "The sleeping test passed all \(n) runs both times: that is luck, not proof. Nothing in it waits for the rendering; it only gave it time, and a slower machine or a busier CI runner gives it less. `lab stress` runs a test more often and under harsher loads."
            )
        case (0, _):
            lines.append(
                "The sleeping test passed all \(n) runs as the machine was and failed \(busy) of \(n) beside busy threads: the code did not change, only the time the rendering got. This is the test that passes on a laptop and fails on CI."
            )
        case (_, _) where busy > idle:
            lines.append(
                "The sleeping test failed \(idle) of \(n) runs as the machine was and \(busy) of \(n) beside busy threads: the busier the machine, the more it fails, with the same code."
            )
        default:
            lines.append(
                "The sleeping test failed \(idle) of \(n) runs as the machine was and \(busy) of \(n) beside busy threads: it fails with the machine as it is, the spinning threads aside: even then the rendering did not always get its few milliseconds of CPU within the sleep, and the added load made it fail no more on this run."
            )
        }
        lines.append(
            rates.fixedFailures == 0
                ? "Its twin, which awaits the rendering the prefetch started, passed all \(n) runs beside the same threads, and it cannot fail for lack of time: it waits as long as the work takes, no longer."
                : "Its twin, which awaits the rendering, failed \(rates.fixedFailures) of \(n): that is a bug in the code, not in the test's timing."
        )
        return lines
    }
}
