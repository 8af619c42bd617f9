import LabCore
import Testing

@testable import Lessons

/// Sentences that depend on how many CPUs a run had (one CPU: `taskset -c 0`, a container
/// with `--cpus=1`), each outcome forced.
@Suite("one CPU: the sentences follow the CPUs and waves measured")
struct OneCPUWordsTests {
    @Test func aProcessWithFewerCPUsThanTheMachineSaysSo() {
        expectEqual(CPUCountWords.usable(1, machine: 2), "1 of the machine's 2 CPUs")
        expectEqual(CPUCountWords.usable(2, machine: 2), "2 CPUs")
        expectEqual(CPUCountWords.usable(1, machine: 1), "1 CPU")
        expectEqual(CPUCountWords.sentenceStart(1, machine: 4), "This process may use 1 of the machine's 4 CPUs")
        expectEqual(CPUCountWords.sentenceStart(4, machine: 4), "This machine has 4 CPUs")
    }

    @Test func theBooksClaimIsJudgedByTheWavesOfThisRun() {
        expectContains(
            ExecutorWidthVariant.conclusion(blockingWaves: 3, suspendingWaves: 1),
            "holds only for the suspending version")
        let wide = ExecutorWidthVariant.conclusion(blockingWaves: 1, suspendingWaves: 1)
        expect(wide.contains("both versions ran all five at once") && !wide.contains("only for"))
        let late = ExecutorWidthVariant.conclusion(blockingWaves: 5, suspendingWaves: 2)
        expect(late.contains("not even the suspending tasks") && !late.contains("holds only"))
        expect(ExecutorWidthVariant.waveWords(1) == "1 wave" && ExecutorWidthVariant.waveWords(3) == "3 waves")
    }

    @Test func theExecutorsWidthIsSetAgainstTheCPUsMeasured() {
        expectEqual(
            ExecutorWidthVariant.threadsSentence(width: 2, usable: 2, machine: 2),
            "The executor has one thread per CPU this process may use: here 2 threads (measured; 2 CPUs).")
        let turns = ExecutorWidthVariant.threadsSentence(width: 2, usable: 1, machine: 2)
        expect(
            turns.contains("2 threads here") && turns.contains("1 of the machine's 2 CPUs")
                && turns.contains("take turns"))
        expectContains(
            ExecutorWidthVariant.threadsSentence(width: 1, usable: 2, machine: 2), "fewer threads than CPUs")
    }
}

@Suite("cancellation: sentences for a cancel() that came late (one CPU)")
struct LateCancellationWordsTests {
    typealias Outcome = CooperativeLoopVariant.Outcome

    @Test func cancelledMidwayIsSaidAsBefore() {
        let text = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.18),
            checked: Outcome(chunksDone: 11, chunks: 100, stopLatency: 0.001), cpus: 2)
        expect(
            text.contains("ended 180 ms after cancel()")
                && text.contains("stopped after 11 of 100 chunks, 1 ms after cancel()"))
        expectNotContains(text, "needs a thread")
    }

    @Test func loopsThatEndedBeforeCancelAreSaidToHave() {
        let text = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.000064),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.000059), cpus: 1)
        expect(text.contains("ended before cancel() was even called") && text.contains("it never saw the flag"))
        expect(text.contains("with one CPU") && !text.contains("stopped after 11 of 100 chunks, 1 ms after cancel()"))
        let busy = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.001),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.0001), cpus: 2)
        expect(busy.contains("busy machine") && busy.contains("cancel() came after its last look at the flag"))
    }

    /// A loop that checks, did every chunk and ended after cancel(): cancel() came after its look
    /// before the last chunk, while that chunk ran. It had not "done all its chunks" then.
    @Test func aCheckingLoopCancelledInItsLastChunkIsNotSaidToHaveFinishedFirst() {
        let text = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.18),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.002), cpus: 2)
        expectContains(
            text,
            "did all 100 chunks too: cancel() came after its last look at the flag (the one before chunk 100), "
                + "and it ended 2 ms after cancel().")
        expectNotContains(text, "had done all its chunks when cancel() came")
        expectNotContains(text, "before its end")
    }

    /// A3, C1, D5: the late cancel() is said as measured (the code ran after a loop ended), not
    /// blamed on a cause the run did not measure, and no negative time is shown as "ran on".
    @Test func aLateCancelIsSaidAsMeasured() {
        let late = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.0000822),
            checked: Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.0000736), cpus: 1)
        expectContains(late, "on this run it ran only after a loop had ended")
        expect(!late.contains("ran only after.") && !late.contains("ran the code that would cancel them late"))
        let ended = Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.0000822)
        expectEqual(ended.ranOnAfterCancel, 0)
        expectEqual(CooperativeLoopVariant.ranOnCell(ended), "none: ended 82.2 µs before")
        expectNotContains(CooperativeLoopVariant.ranOnCell(ended), "-")
        let ranOn = Outcome(chunksDone: 11, chunks: 100, stopLatency: 0.001)
        expect(ranOn.ranOnAfterCancel == 0.001 && CooperativeLoopVariant.ranOnCell(ranOn) == "1 ms")
    }

    /// On one CPU the pool had one thread: the code that calls cancel() ran on the thread the loops
    /// held, so it waited for the loops, not for a turn on a CPU. Each outcome of the threads measured.
    @Test func aLateCancelIsExplainedByTheThreadsMeasured() {
        func ended(_ loop: UInt64, cancelledFrom canceller: UInt64) -> Outcome {
            Outcome(chunksDone: 100, chunks: 100, stopLatency: -0.0001, loopThread: loop, cancellerThread: canceller)
        }
        let same = CooperativeLoopVariant.narrate(
            unchecked: ended(7, cancelledFrom: 7), checked: ended(7, cancelledFrom: 7), cpus: 1)
        expectContains(same, "It ran on the very thread each loop had run on (thread 7, measured)", "\(same)")
        expectContains(same, "gives its thread up only when it ends, so only then could that code run.")
        expect(!same.contains("take turns") && !same.contains("CPU"), "one thread: no CPU turn to blame: \(same)")
        let apart = CooperativeLoopVariant.narrate(
            unchecked: ended(7, cancelledFrom: 8), checked: ended(7, cancelledFrom: 8), cpus: 1)
        expect(apart.contains("It ran on a thread other than the loop's (measured)") && apart.contains("take turns"))
        expectNotContains(apart, "very thread", "\(apart)")
        let mixed = CooperativeLoopVariant.narrate(
            unchecked: ended(7, cancelledFrom: 7), checked: ended(9, cancelledFrom: 7), cpus: 2)
        expectContains(mixed, "the very thread the loop that never checks had run on (thread 7, measured)")
        expectContains(mixed, "for the one that checks, it ran on a thread other than the loop's")
        expect(mixed.contains("busy machine") && !mixed.contains("each loop"), "\(mixed)")
        // Cancelled midway on its own thread: the loop did not end first, so no cause is told.
        let midway = CooperativeLoopVariant.narrate(
            unchecked: Outcome(chunksDone: 100, chunks: 100, stopLatency: 0.18, loopThread: 7, cancellerThread: 8),
            checked: Outcome(chunksDone: 11, chunks: 100, stopLatency: 0.001, loopThread: 7, cancellerThread: 8),
            cpus: 1)
        expect(!midway.contains("very thread") && !midway.contains("other than"), "\(midway)")
    }

    @Test func pollingLaterThanOneIntervalIsNotCalledBoundedByIt() {
        typealias Reach = CancellationHandlerVariant.Reach
        let handler = Reach(latencies: [0.00001], rounds: 1)
        let prompt = CancellationHandlerVariant.narrate(
            polling: Reach(latencies: [0.012, 0.024, 0.0], rounds: 3), handler: handler, poll: 0.025)
        expect(prompt.contains("at most one poll interval") && !prompt.contains("left out"))
        let late = CancellationHandlerVariant.narrate(
            polling: Reach(latencies: [0.061, 0.090, 0.032], rounds: 3), handler: handler, poll: 0.025)
        expect(late.contains("more than one poll interval") && !late.contains("at most one poll interval"))
        // Beside a CPU hog under taskset -c 0 the pool had two threads and one CPU (session 58):
        // the late wake-up is said as a wait to run, not as a wait for a thread.
        expectContains(late, "also waited their turn to run, for a free thread or a CPU")
        expectNotContains(late, "waited for a thread to run on")
        // Just past the interval, printed as the interval itself: not "25 ms, more than … 25 ms".
        let justPast = CancellationHandlerVariant.narrate(
            polling: Reach(latencies: [0.012, 0.02504], rounds: 2), handler: handler, poll: 0.025)
        expectContains(justPast, "(worst 25 ms, about one poll interval)")
        expectNotContains(justPast, "more than one poll interval")
    }

    @Test func downloadsThatEndedBeforeCancelAreCountedNotAveraged() {
        typealias Reach = CancellationHandlerVariant.Reach
        let some = CancellationHandlerVariant.narrate(
            polling: Reach([0.020, nil, 0.010]), handler: Reach([nil, 0.00001, nil]), poll: 0.025)
        expect(some.contains("Polling reached the download 15 ms") && some.contains("3 of the 6 downloads had ended"))
        let none = CancellationHandlerVariant.narrate(
            polling: Reach([0.020, 0.010]), handler: Reach([nil, nil]), poll: 0.025)
        expect(none.contains("cannot compare") && none.contains("0 of 2 polling rounds and 2 of 2 handler rounds"))
        expect(!none.contains("Polling reached") && !none.contains("nan"))
    }
}
