import Testing

@testable import LabCore
@testable import Lessons

/// The counters variant's sentences follow its figures; both outcomes of the race
/// (lost, or not shown) and every cost order are forced here.
@Suite("counters narration follows the figures")
struct CounterNarrationTests {
    let safe: [(name: String, lost: Int)] = [("actor", 0), ("Mutex", 0), ("Atomic", 0)]
    /// Two tasks that started together on two CPUs: a loss was possible.
    let parallel = CounterNarration.RaceStart(
        tasks: 2, mostTogether: 2, cpus: 2, patience: .milliseconds(50), threads: 2)

    @Test func aLossIsExplainedAsOverwrittenReads() {
        let text = CounterNarration.race(
            lost: 512, of: 40_000, attempts: 1, maximumAttempts: 5, start: parallel, safeLost: safe)
        expectContains(text, "lost 512 of 40000 increments on the first attempt")
        expectContains(text, "wrote its own result over the other's")
        expectContains(text, "The actor, Mutex and Atomic lost none.")
        expectNotContains(text, "did not show")
    }

    @Test func aLateLossSaysTheEarlierAttemptsLostNothing() {
        let text = CounterNarration.race(
            lost: 3, of: 160_000, attempts: 3, maximumAttempts: 5, start: parallel, safeLost: safe)
        expectContains(text, "on attempt 3 of up to 5")
        expectContains(text, "the earlier attempts lost nothing")
        expectContains(text, "wider gap between its read and its write")
    }

    @Test func noLossIsSaidNotToHaveShown() {
        let text = CounterNarration.race(
            lost: 0, of: 320_000, attempts: 5, maximumAttempts: 5, start: parallel, safeLost: safe)
        expectContains(text, "This time the race did not show")
        expectContains(text, "lost nothing in 5 attempts")
        expectNotContains(text, "wrote its own result", "no sentence may explain a loss that did not happen")
    }

    @Test func tasksThatNeverRanAtOnceAreSaidToHaveMadeTheRaceImpossible() {
        let alone = CounterNarration.RaceStart(
            tasks: 2, mostTogether: 1, cpus: 1, patience: .milliseconds(50), threads: 1)
        let text = CounterNarration.race(
            lost: 0, of: 40_000, attempts: 5, maximumAttempts: 5, start: alone, safeLost: safe)
        expectContains(text, "the race could not show: in 5 attempts, only one of the 2 tasks was running")
        expectContains(text, "after 50", "the barrier's time limit, as measured: \(text)")
        expect(text.contains("one thread") && text.contains("reports it even on runs that lose nothing"))
        expect(!text.contains("luck") && !text.contains("took turns"), "one thread leaves nothing to luck")
    }

    /// The tasks' threads are measured at the barrier: on one thread the others waited for that
    /// thread, not for a turn on a CPU; several threads on one CPU take turns; on several CPUs,
    /// only a busy machine is left to blame.
    @Test func tasksThatRanAloneAreExplainedByTheThreadsAndCPUsMeasured() {
        func text(cpus: Int, threads: Int) -> String {
            CounterNarration.race(
                lost: 0, of: 40_000, attempts: 5, maximumAttempts: 5,
                start: .init(tasks: 2, mostTogether: 1, cpus: cpus, patience: .milliseconds(50), threads: threads),
                safeLost: safe)
        }
        let oneThread = text(cpus: 1, threads: 1)
        expectContains(
            oneThread,
            "They ran on one thread: in every attempt, both tasks arrived at the barrier on the same OS thread (measured)"
        )
        expectContains(
            oneThread,
            "The first held that thread while it spun at the barrier, so the other could start only once it stopped waiting."
        )
        expect(!oneThread.contains("take turns") && !oneThread.contains("CPU"), "\(oneThread)")
        // One thread on several CPUs: still the thread, never the CPUs, is what they waited for.
        let oneThreadTwoCPUs = text(cpus: 2, threads: 1)
        expect(oneThreadTwoCPUs.contains("They ran on one thread") && !oneThreadTwoCPUs.contains("busy machine"))
        let turns = text(cpus: 1, threads: 2)
        expectContains(turns, "The tasks ran on up to 2 threads (measured), but this process may use one CPU")
        expect(turns.contains("so those threads take turns on it") && !turns.contains("one thread:"), "\(turns)")
        let busy = text(cpus: 2, threads: 2)
        expectContains(
            busy,
            "The tasks ran on up to 2 threads (measured) and this process may use 2 CPUs, yet the others did not start")
        expect(busy.contains("busy machine") && !busy.contains("one CPU") && !busy.contains("take turns"), "\(busy)")
    }

    /// A7: this run does not use the sanitizer, so its figures are not called measured here.
    @Test func theSanitizerNoteSaysWhereItsFiguresComeFrom() {
        let note = CountersVariant.sanitizerNote
        expectNotContains(note, "Measured:")
        expect(note.contains("This run did not use the sanitizer") && note.contains("docs/PLATFORM.md"))
    }

    @Test func tasksTakingTurnsOnOneCPUAreSaidToHaveDoneSo() {
        let turns = CounterNarration.RaceStart(
            tasks: 2, mostTogether: 2, cpus: 1, patience: .milliseconds(50), threads: 2)
        let text = CounterNarration.race(
            lost: 0, of: 40_000, attempts: 5, maximumAttempts: 5, start: turns, safeLost: safe)
        expectContains(text, "Up to 2 tasks started together, but this process may use one CPU")
        expectContains(text, "took turns on it")
        expect(!text.contains("could not show") && !text.contains("busy machine"))
    }

    @Test func aLossOnOneCPUIsStillExplainedAsALoss() {
        let turns = CounterNarration.RaceStart(
            tasks: 2, mostTogether: 2, cpus: 1, patience: .milliseconds(50), threads: 2)
        let text = CounterNarration.race(
            lost: 7, of: 40_000, attempts: 2, maximumAttempts: 5, start: turns, safeLost: safe)
        expect(text.contains("lost 7 of 40000") && !text.contains("did not show"))
    }

    @Test func aSafeCounterThatLostIsNeverCalledSafe() {
        let text = CounterNarration.race(
            lost: 10, of: 40_000, attempts: 1, maximumAttempts: 5, start: parallel,
            safeLost: [("actor", 0), ("Mutex", 2), ("Atomic", 0)])
        expectContains(text, "the Mutex lost 2")
        expectNotContains(text, "lost none")
    }

    @Test func costsAreComparedByTheirMeasuredRatio() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 400e-9),
                .init(name: "Mutex", secondsPerIncrement: 200e-9),
                .init(name: "Atomic", secondsPerIncrement: 20e-9),
            ], contended: true)
        expectContains(text, "the cheapest here was the Atomic")
        expectContains(text, "the dearest the actor")
        expectContains(text, "20× apart")
        expectNotContains(text, "not the cheapest")
    }

    @Test func anAtomicSlowerThanTheMutexIsSaidToBe() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 300e-9),
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: true)
        expectContains(text, "the cheapest here was the Mutex")
        expectContains(text, "yet it was not the cheapest")
        expectNotContains(text, "orders of magnitude")
    }

    @Test func closeCostsAreCalledClose() {
        let text = CounterNarration.costs(
            [
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: true)
        expectContains(text, "about the same")
    }

    @Test func costsWithoutContentionAreNotExplainedByContention() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 300e-9),
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: false)
        expect(
            text.contains("the cheapest here was the Mutex") && text.contains("not the cost of contention between CPUs")
        )
        expect(!text.contains("cache line") && !text.contains("finds it busy") && !text.contains("contended figures"))
    }

    static let safeCosts: [CounterNarration.Cost] = [
        .init(name: "actor", secondsPerIncrement: 61.3e-9),
        .init(name: "Mutex", secondsPerIncrement: 30e-9),
        .init(name: "Atomic", secondsPerIncrement: 7.09e-9),
    ]

    /// The comparison names what it compares: the safe counters. A widened attempt's time
    /// (the report's 9.04 µs) includes the gap the lab added, so it is not placed among them.
    @Test func aWidenedUnsafeAttemptIsNotComparedWithTheSafeCounters() {
        let text = CounterNarration.costs(
            Self.safeCosts, contended: true, unsafe: .init(secondsPerIncrement: 9.04e-6, attempt: 5))
        expectContains(text, "Of the three safe counters, the cheapest here was the Atomic (7.09 ns per increment)")
        expectContains(text, "the dearest the actor (61.3 ns)")
        expectContains(
            text,
            "The unsafe class (9.04 µs per increment, on attempt 5) is not compared with them: its time includes the gap"
        )
        expectNotContains(text, "less than any")
    }

    @Test func anUnsafeClassTimedAsWrittenIsPlacedByItsTime() {
        func text(_ seconds: Double) -> String {
            CounterNarration.costs(
                Self.safeCosts, contended: true, unsafe: .init(secondsPerIncrement: seconds, attempt: 1))
        }
        expectContains(
            text(2e-9), "The unsafe class, which protects nothing, took 2 ns per increment: less than any of them.")
        expectContains(text(649e-9), "took 649 ns per increment: more than any of them.")
        expectContains(text(20e-9), "took 20 ns per increment: between the cheapest and the dearest.")
        expectContains(text(20e-9), "Of the three safe counters")
    }
}
