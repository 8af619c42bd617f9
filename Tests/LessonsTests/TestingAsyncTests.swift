import Foundation
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit
@testable import Lessons

@Suite("testing-async lesson", .serialized)
@MainActor
struct TestingAsyncTests {
    typealias Rates = SleepAndHopeVariant.Rates

    @Test func theTwinThatAwaitsTheEventNeverFailsAndTheManualClockIsExact() async throws {
        let report = try await LessonHarness.run(
            TestingAsyncLesson(), ["sleep-and-hope", "wrong-signal", "injected-clock"])
        try expectEqual(report.value("sleep-and-hope", "fixed_failures"), 0)
        try expectEqual(report.value("wrong-signal", "right_signal_failures"), 0)
        try expectEqual(report.value("sleep-and-hope", "trials"), 30)
        try expectEqual(report.value("injected-clock", "manual_passed"), Double(InjectedClockVariant.manualTrials))
        try expectEqual(report.value("injected-clock", "manual_early_answers"), 0)
        try expectEqual(report.value("injected-clock", "real_passed"), Double(InjectedClockVariant.realTrials))
        // A sleep never ends early: each real-clock run waited the timeout out.
        try expectAtLeast(report.value("injected-clock", "real_seconds_per_test"), InjectedClockVariant.timeout.seconds)
        try expectAbove(report.value("injected-clock", "speedup"), 10)
    }

    @Test func theSleepingTestsSentenceFollowsItsCounts() {
        let quiet = FlakeNarration.sentences(
            Rates(idleFailures: 0, busyFailures: 0, fixedFailures: 0, trials: 30, busyThreads: 6))
        expectContains(quiet[0], "luck, not proof")
        let onlyBusy = FlakeNarration.sentences(
            Rates(idleFailures: 0, busyFailures: 4, fixedFailures: 0, trials: 30, busyThreads: 6))
        expect(onlyBusy[0].contains("failed 4 of 30 beside busy threads") && onlyBusy[0].contains("fails on CI"))
        let more = FlakeNarration.sentences(
            Rates(idleFailures: 1, busyFailures: 9, fixedFailures: 0, trials: 30, busyThreads: 6))
        expectContains(more[0], "the busier the machine, the more it fails")
        let already = FlakeNarration.sentences(
            Rates(idleFailures: 5, busyFailures: 3, fixedFailures: 0, trials: 30, busyThreads: 6))
        expectContains(already[0], "fails with the machine as it is")
        // What else held the CPU is not measured: the sentence says what the counts show, no cause.
        expectContains(already[0], "the added load made it fail no more on this run")
        expectNotContains(already[0], "other programs")
        let same = FlakeNarration.sentences(
            Rates(idleFailures: 1, busyFailures: 1, fixedFailures: 0, trials: 30, busyThreads: 6))
        expect(same[0].contains("failed 1 of 30 runs as the machine was and 1 of 30") && same[0].contains("no more"))
        expectContains(already[1], "passed all 30 runs")
        let broken = FlakeNarration.sentences(
            Rates(idleFailures: 0, busyFailures: 0, fixedFailures: 2, trials: 30, busyThreads: 6))
        expect(broken[1].contains("failed 2 of 30") && broken[1].contains("bug in the code"))
    }

    @Test func theWrongSignalSentencesFollowTheirCounts() {
        expectContains(WrongSignalNarration.sentences(failures: 30, twinFailures: 0, trials: 30)[0], "failed all 30")
        expectContains(WrongSignalNarration.sentences(failures: 0, twinFailures: 0, trials: 30)[0], "which is luck")
        expectContains(WrongSignalNarration.sentences(failures: 7, twinFailures: 0, trials: 30)[0], "failed 7 of 30")
        expectContains(WrongSignalNarration.sentences(failures: 7, twinFailures: 0, trials: 30)[1], "passed all 30")
        expectContains(WrongSignalNarration.sentences(failures: 7, twinFailures: 2, trials: 30)[1], "failed 2 of 30")
    }

    @Test func theClockSentencesFollowTheirFigures() {
        typealias Outcome = InjectedClockVariant.Outcome
        let good = ClockNarration.sentences(
            Outcome(
                realSecondsPerTest: 0.2, manualSecondsPerTest: 0.0001, realPassed: 5, manualPassed: 200,
                manualEarlyAnswers: 0), realTrials: 5, manualTrials: 200)
        expect(good[0].contains("All 200 manual-clock runs passed") && good[0].contains("2000× faster"))
        expectContains(good[1], "pays the whole timeout")
        let bad = ClockNarration.sentences(
            Outcome(
                realSecondsPerTest: 0.2, manualSecondsPerTest: 0.2, realPassed: 3, manualPassed: 190,
                manualEarlyAnswers: 10), realTrials: 5, manualTrials: 200)
        expect(bad[0].contains("10 of 200 manual-clock runs failed") && bad[0].contains("10 answered before"))
        expectContains(bad[1], "failed 2 of 5")
    }

    @Test func theConfirmationAndTheSerialExecutorNeverFail() async throws {
        let report = try await LessonHarness.run(TestingAsyncLesson(), ["unstructured-race", "deterministic"])
        try expectEqual(report.value("unstructured-race", "trials"), Double(UnstructuredRaceVariant.trials))
        try expectEqual(report.value("unstructured-race", "confirmed_failures"), 0)
        try expectAbove(report.value("unstructured-race", "confirmed_seconds_per_test"), 0)
        try expectEqual(report.value("deterministic", "trials"), Double(DeterministicVariant.trials))
        try expectEqual(report.value("deterministic", "serial_failures"), 0)
        try expectAbove(report.value("deterministic", "serial_seconds_per_test"), 0)
    }

    @Test func aConfirmationReturnsOnceCalledTheExpectedNumberOfTimes() async {
        let done = Confirmation(expectedCount: 2)
        let waiter = Task { await done.fulfilled() }
        done.confirm()
        done.confirm()
        await waiter.value
        expectEqual(done.count, 2)
        // Already fulfilled: returns at once, and the count keeps going, so "exactly" can be checked.
        done.confirm()
        await done.fulfilled()
        expectEqual(done.count, 3)
    }

    @Test func theRacingTestsSentencesFollowTheirCounts() {
        typealias Outcome = UnstructuredRaceVariant.Outcome
        func race(_ idle: Int, _ busy: Int, confirmed: Int = 0, times: (Double, Double) = (0.0002, 0.00001))
            -> [String]
        {
            RaceNarration.sentences(
                Outcome(
                    idleFailures: idle, busyFailures: busy, confirmedFailures: confirmed, trials: 100,
                    racingSecondsPerTest: times.0, confirmedSecondsPerTest: times.1))
        }
        expect(race(0, 0)[0].contains("passed all 100 runs both times") && race(0, 0)[0].contains("luck"))
        expectContains(race(100, 100)[0], "failed all 100 runs both times")
        expect(race(0, 12)[0].contains("failed 0 of 100") && race(0, 12)[0].contains("the load decided"))
        expect(race(40, 100)[0].contains("failed 40 of 100") && race(40, 100)[0].contains("the load decided"))
        expectContains(race(30, 20)[0], "scheduler's choice")
        let cheaper = race(30, 100)
        expect(
            cheaper[1].contains("passed all 100") && cheaper[2].contains("no longer than the racing check's 200 µs"))
        let dearer = race(30, 100, times: (0.0001, 0.0003))
        expectContains(dearer[2], "300 µs against 100 µs")
        let broken = race(30, 100, confirmed: 3)
        expect(broken.count == 2 && broken[1].contains("failed 3 of 100") && broken[1].contains("bug"))
    }

    @Test func theOrderSentencesFollowTheirCountsAndTimes() {
        typealias Outcome = DeterministicVariant.Outcome
        func order(_ global: Int, serial: Int = 0, times: (Double, Double) = (0.002, 0.004)) -> [String] {
            OrderNarration.sentences(
                Outcome(
                    globalFailures: global, serialFailures: serial, trials: 40, globalSecondsPerTest: times.0,
                    serialSecondsPerTest: times.1, causes: global == 0 ? [:] : [.overlapped: global]), cpus: 2)
        }
        expect(order(0)[0].contains("kept the order in all 40 runs") && order(0)[0].contains("luck"))
        expectContains(order(40)[0], "out of order in all 40 runs: in those, the two edits' work overlapped in time")
        expectContains(order(7)[0], "out of order in 7 of 40")
        expectContains(order(7)[1], "held in all 40 runs")
        // 2× is more than the order can cost (2 ms and 500 µs of work: 1.25× at most): said so.
        expect(order(7)[2].contains("2× as long") && order(7)[2].contains("accounts for at most 1.25×"), order(7)[2])
        expect(order(7)[2].contains("the rest was this run's scheduling"), order(7)[2])
        let close = order(7, times: (0.002, 0.0022))[2]
        expect(close.contains("longer, but within 1.5×") && close.contains("cost little"), "\(close)")
        expectContains(order(7, times: (0.004, 0.002))[2], "2× faster")
        let broken = order(7, serial: 1)
        expect(broken.count == 2 && broken[1].contains("out of order in 1 of 40") && broken[1].contains("bug"))
    }

    /// The report's run: the serial executor the quicker, though within 1.5×. It is said to be
    /// the quicker, never that running one after another "cost little".
    @Test func aQuickerSerialExecutorIsSaidToBeQuicker() {
        let outcome = DeterministicVariant.Outcome(
            globalFailures: 3, serialFailures: 0, trials: 40, globalSecondsPerTest: 0.00382,
            serialSecondsPerTest: 0.00269, causes: [.overlapped: 3])
        let cost = OrderNarration.sentences(outcome, cpus: 2)[2]
        expectContains(
            cost, "Each run took 2.69 ms against 3.82 ms on the global executor: the serial executor was the quicker")
        expectContains(cost, "1.42× faster")
        expect(!cost.contains("within") && !cost.contains("cost little"), "\(cost)")
        var same = outcome
        same.serialSecondsPerTest = same.globalSecondsPerTest
        expectContains(OrderNarration.sentences(same, cpus: 2)[2], "Each run took 3.82 ms on either executor")
    }

    /// A6: the out-of-order runs are explained by what their edits' timed work shows, never by
    /// the CPU count alone; with one CPU, work that overlapped in time took turns.
    @Test func theOrderSentencesFollowTheMeasuredWork() {
        typealias Outcome = DeterministicVariant.Outcome
        for failures in [4, 40] {
            let outcome = Outcome(
                globalFailures: failures, serialFailures: 0, trials: 40, globalSecondsPerTest: 0.00194,
                serialSecondsPerTest: 0.002, causes: [.overlapped: failures])
            let one = OrderNarration.sentences(outcome, cpus: 1)[0]
            expectNotContains(one, "at once", "\(one)")
            expectContains(one, "overlapped in time on two threads, which took turns on this process's one CPU")
            let two = OrderNarration.sentences(outcome, cpus: 2)[0]
            expect(two.contains("overlapped in time on two threads (measured)") && !two.contains("took turns"))
            expectNotContains(two, "at once")
        }
        // Out of order without the work overlapping: said as measured, with no "overlapped".
        let first = Outcome(
            globalFailures: 2, serialFailures: 0, trials: 40, globalSecondsPerTest: 0.002, serialSecondsPerTest: 0.002,
            causes: [.secondRanFirst: 2])
        let ranFirst = OrderNarration.sentences(first, cpus: 2)[0]
        expectContains(ranFirst, "in those, the rename's task ran and ended before the add's work began")
        expectNotContains(ranFirst, "overlapped")
        var mixed = first
        mixed.globalFailures = 6
        mixed.causes = [.overlapped: 3, .secondRanFirst: 2, .firstHeldBeforeItsWrite: 1]
        let all = OrderNarration.sentences(mixed, cpus: 2)[0]
        expectContains(all, "in 3 of those, the two edits' work overlapped in time")
        expectContains(all, "; in 2, the rename's task ran and ended before")
        expectContains(
            all, "; in 1, the add's work ended before the rename's began, yet the rename wrote the log first")
    }

    /// The cause of a reordering is read from the edits' timed work.
    @Test func aReorderingsCauseIsReadFromTheTimedWork() {
        let zero = ContinuousClock.now
        func work(_ from: Int, _ to: Int) -> EditWork {
            EditWork(start: zero + .milliseconds(from), end: zero + .milliseconds(to))
        }
        expectEqual(ReorderCause(first: work(0, 2), second: work(1, 2)), .overlapped)
        expectEqual(ReorderCause(first: work(3, 5), second: work(1, 2)), .secondRanFirst)
        expectEqual(ReorderCause(first: work(0, 2), second: work(3, 4)), .firstHeldBeforeItsWrite)
        expectEqual(ReorderCause(first: nil, second: work(3, 4)), .unknown)
    }

    /// B4: a failure is a check that came before the rendering finished, not after.
    @Test func theWrongSignalsFailuresAreExplainedByTheirOwnCause() {
        let some = WrongSignalNarration.sentences(failures: 24, twinFailures: 0, trials: 30)[0]
        expectContains(some, "failed 24 of 30 runs: in those the check came before the rendering finished")
        expectContains(some, "in the other 6 it finished between the signal and the check")
        expectNotContains(
            some, "sometimes the rendering finished between the signal and the check, and that is the flake")
    }

    @Test func aManualClockWakesASleeperAtItsDeadlineAndNotBefore() async throws {
        let clock = ManualClock()
        let woke = Locked(false)
        let sleeper = Task {
            try await clock.sleep(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        await clock.sleepers(reach: 1)
        clock.advance(by: .seconds(9))
        expectEqual(clock.sleepingCount, 1)
        expect(!woke.withLock { $0 })
        clock.advance(by: .seconds(1))
        try await sleeper.value
        expect(woke.withLock { $0 })
        expectEqual(clock.sleepingCount, 0)
        expectEqual(clock.sleepsBegun, 1, "one sleep, however long it waited")
        try await clock.sleep(for: .zero)
        expectEqual(clock.sleepsBegun, 2, "a sleep already due still begins one")
    }

    @Test func cancellingASleeperOnAManualClockThrowsAtOnce() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.sleepers(reach: 1)
        sleeper.cancel()
        let result = await sleeper.result
        #expect(throws: CancellationError.self) { try result.get() }
        expectEqual(clock.sleepingCount, 0)
    }

    @Test func aSleepAlreadyDueReturnsWithoutWaiting() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        expectEqual(clock.sleepingCount, 0)
    }
}
