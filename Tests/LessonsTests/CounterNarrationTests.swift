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
        expect(text.contains("lost 512 of 40000 increments on the first attempt"))
        expect(text.contains("wrote its own result over the other's"))
        expect(text.contains("The actor, Mutex and Atomic lost none."))
        expect(!text.contains("did not show"))
    }

    @Test func aLateLossSaysTheEarlierAttemptsLostNothing() {
        let text = CounterNarration.race(
            lost: 3, of: 160_000, attempts: 3, maximumAttempts: 5, start: parallel, safeLost: safe)
        expect(text.contains("on attempt 3 of up to 5"))
        expect(text.contains("the earlier attempts lost nothing"))
        expect(text.contains("wider gap between its read and its write"))
    }

    @Test func noLossIsSaidNotToHaveShown() {
        let text = CounterNarration.race(
            lost: 0, of: 320_000, attempts: 5, maximumAttempts: 5, start: parallel, safeLost: safe)
        expect(text.contains("This time the race did not show"))
        expect(text.contains("lost nothing in 5 attempts"))
        expect(!text.contains("wrote its own result"), "no sentence may explain a loss that did not happen")
    }

    @Test func tasksThatNeverRanAtOnceAreSaidToHaveMadeTheRaceImpossible() {
        let alone = CounterNarration.RaceStart(
            tasks: 2, mostTogether: 1, cpus: 1, patience: .milliseconds(50), threads: 1)
        let text = CounterNarration.race(
            lost: 0, of: 40_000, attempts: 5, maximumAttempts: 5, start: alone, safeLost: safe)
        expect(text.contains("the race could not show: in 5 attempts, only one of the 2 tasks was running"))
        expect(text.contains("after 50"), "the barrier's time limit, as measured: \(text)")
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
        expect(
            oneThread.contains(
                "They ran on one thread: in every attempt, both tasks arrived at the barrier on the same OS thread (measured)"
            ))
        expect(
            oneThread.contains(
                "The first held that thread while it spun at the barrier, so the other could start only once it stopped waiting."
            ))
        expect(!oneThread.contains("take turns") && !oneThread.contains("CPU"), "\(oneThread)")
        // One thread on several CPUs: still the thread, never the CPUs, is what they waited for.
        let oneThreadTwoCPUs = text(cpus: 2, threads: 1)
        expect(oneThreadTwoCPUs.contains("They ran on one thread") && !oneThreadTwoCPUs.contains("busy machine"))
        let turns = text(cpus: 1, threads: 2)
        expect(turns.contains("The tasks ran on up to 2 threads (measured), but this process may use one CPU"))
        expect(turns.contains("so those threads take turns on it") && !turns.contains("one thread:"), "\(turns)")
        let busy = text(cpus: 2, threads: 2)
        expect(
            busy.contains(
                "The tasks ran on up to 2 threads (measured) and this process may use 2 CPUs, yet the others did not start"
            ))
        expect(busy.contains("busy machine") && !busy.contains("one CPU") && !busy.contains("take turns"), "\(busy)")
    }

    /// A7: this run does not use the sanitizer, so its figures are not called measured here.
    @Test func theSanitizerNoteSaysWhereItsFiguresComeFrom() {
        let note = CountersVariant.sanitizerNote
        expect(!note.contains("Measured:"))
        expect(note.contains("This run did not use the sanitizer") && note.contains("docs/PLATFORM.md"))
    }

    @Test func tasksTakingTurnsOnOneCPUAreSaidToHaveDoneSo() {
        let turns = CounterNarration.RaceStart(
            tasks: 2, mostTogether: 2, cpus: 1, patience: .milliseconds(50), threads: 2)
        let text = CounterNarration.race(
            lost: 0, of: 40_000, attempts: 5, maximumAttempts: 5, start: turns, safeLost: safe)
        expect(text.contains("Up to 2 tasks started together, but this process may use one CPU"))
        expect(text.contains("took turns on it"))
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
        expect(text.contains("the Mutex lost 2"))
        expect(!text.contains("lost none"))
    }

    @Test func costsAreComparedByTheirMeasuredRatio() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 400e-9),
                .init(name: "Mutex", secondsPerIncrement: 200e-9),
                .init(name: "Atomic", secondsPerIncrement: 20e-9),
            ], contended: true)
        expect(text.contains("the cheapest was the Atomic"))
        expect(text.contains("the dearest the actor"))
        expect(text.contains("20× apart"))
        expect(!text.contains("not the cheapest"))
    }

    @Test func anAtomicSlowerThanTheMutexIsSaidToBe() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 300e-9),
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: true)
        expect(text.contains("the cheapest was the Mutex"))
        expect(text.contains("yet it was not the cheapest"))
        expect(!text.contains("orders of magnitude"))
    }

    @Test func closeCostsAreCalledClose() {
        let text = CounterNarration.costs(
            [
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: true)
        expect(text.contains("about the same"))
    }

    @Test func costsWithoutContentionAreNotExplainedByContention() {
        let text = CounterNarration.costs(
            [
                .init(name: "actor", secondsPerIncrement: 300e-9),
                .init(name: "Mutex", secondsPerIncrement: 100e-9),
                .init(name: "Atomic", secondsPerIncrement: 120e-9),
            ], contended: false)
        expect(text.contains("the cheapest was the Mutex") && text.contains("hardly contended"))
        expect(!text.contains("cache line") && !text.contains("finds it busy") && !text.contains("contended figures"))
    }
}
