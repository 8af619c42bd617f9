import Testing

@testable import Lessons

/// Sentences that depend on how many CPUs a run had (one CPU: `taskset -c 0`, a container
/// with `--cpus=1`), each outcome forced.
@Suite("one CPU: the sentences follow the CPUs and waves measured")
struct OneCPUWordsTests {
    @Test func aProcessWithFewerCPUsThanTheMachineSaysSo() {
        #expect(CPUCountWords.usable(1, machine: 2) == "1 of the machine's 2 CPUs")
        #expect(CPUCountWords.usable(2, machine: 2) == "2 CPUs")
        #expect(CPUCountWords.usable(1, machine: 1) == "1 CPU")
        #expect(CPUCountWords.sentenceStart(1, machine: 4) == "This process may use 1 of the machine's 4 CPUs")
        #expect(CPUCountWords.sentenceStart(4, machine: 4) == "This machine has 4 CPUs")
    }

    @Test func theBooksClaimIsJudgedByTheWavesOfThisRun() {
        #expect(
            ExecutorWidthVariant.conclusion(blockingWaves: 3, suspendingWaves: 1).contains(
                "holds only for the suspending version"))
        let wide = ExecutorWidthVariant.conclusion(blockingWaves: 1, suspendingWaves: 1)
        #expect(wide.contains("both versions finished together") && !wide.contains("only for"))
        let late = ExecutorWidthVariant.conclusion(blockingWaves: 5, suspendingWaves: 2)
        #expect(late.contains("not even the suspending tasks") && !late.contains("holds only"))
        #expect(ExecutorWidthVariant.waveWords(1) == "1 wave" && ExecutorWidthVariant.waveWords(3) == "3 waves")
    }

    @Test func theExecutorsWidthIsSetAgainstTheCPUsMeasured() {
        #expect(
            ExecutorWidthVariant.threadsSentence(width: 2, usable: 2, machine: 2)
                == "The executor has one thread per CPU this process may use: here 2 threads (measured; 2 CPUs).")
        let turns = ExecutorWidthVariant.threadsSentence(width: 2, usable: 1, machine: 2)
        #expect(
            turns.contains("2 threads here") && turns.contains("1 of the machine's 2 CPUs")
                && turns.contains("take turns"))
        #expect(
            ExecutorWidthVariant.threadsSentence(width: 1, usable: 2, machine: 2).contains("fewer threads than CPUs"))
    }
}

@Suite("cancellation: sentences for a cancel() that came late (one CPU)")
struct LateCancellationWordsTests {
    typealias Outcome = CooperativeLoopVariant.Outcome

    @Test func cancelledMidwayIsSaidAsBefore() {
        let text = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.18),
            checked: Outcome(chunksDone: 11, chunks: 100, stopLatency: 0.001), cpus: 2)
        #expect(
            text.contains("ended 180 ms after cancel()")
                && text.contains("stopped after 11 of 100 chunks, 1 ms after cancel()"))
        #expect(!text.contains("needs a thread"))
    }

    @Test func loopsThatEndedBeforeCancelAreSaidToHave() {
        let text = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.000064),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.000059), cpus: 1)
        #expect(text.contains("ended before cancel() was even called") && text.contains("it never saw the flag"))
        #expect(text.contains("with one CPU") && !text.contains("stopped after 11 of 100 chunks, 1 ms after cancel()"))
        let busy = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.001),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.0001), cpus: 2)
        #expect(busy.contains("busy machine") && busy.contains("had done all its chunks when cancel() came"))
    }

    @Test func pollingLaterThanOneIntervalIsNotCalledBoundedByIt() {
        let prompt = CancellationHandlerVariant.narrate(
            meanPolling: 0.012, worstPolling: 0.024, poll: 0.025, meanHandler: 0.00001)
        #expect(prompt.contains("at most one poll interval"))
        let late = CancellationHandlerVariant.narrate(
            meanPolling: 0.061, worstPolling: 0.090, poll: 0.025, meanHandler: 0.00001)
        #expect(late.contains("more than one poll interval") && !late.contains("at most one poll interval"))
    }
}
