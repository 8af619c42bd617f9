import Foundation
import LabScenarios
import Testing

@testable import LabCore
@testable import LabTrace
@testable import LessonKit
@testable import Lessons

@Suite("when-it-stops: each failure reproduced, measured, and narrated from its figures", .serialized)
@MainActor
struct WhenItStopsTests {
    typealias Report = PoolDeadlockDemo.Report

    @Test func semaphoreWaitsDeadlockThePoolAndContinuationsDoNot() async throws {
        let report = try await LessonHarness.run(WhenItStopsLesson(), ["pool-deadlock"])
        let tasks = try report.value("pool-deadlock", "tasks")
        // Twice the CPUs: more waiters than the pool has threads, so the answers never run.
        try expectEqual(report.value("pool-deadlock", "semaphore_finished"), 0)
        let width = try report.value("pool-deadlock", "semaphore_waiting")
        expect(width >= 1 && width < tasks, "the blocked count is the pool's width, below the tasks started")
        try expectEqual(report.value("pool-deadlock", "continuation_finished"), 1)
        try expectAtLeast(report.value("pool-deadlock", "continuation_waiting"), 1)
        // The child processes' own tasks are in the trace (the page drew only the parent's wait
        // for each child): each blocked waiter until the watchdog ended its process, all at
        // once, and every suspended waiter with its answer.
        let steps = try #require(report.variants.first).steps
        let blocked = steps.filter {
            $0.task.hasPrefix("semaphore process › waiter") && $0.name == "DispatchSemaphore.wait()"
        }
        expect(!blocked.isEmpty && blocked.count <= Int(width), "\(blocked.count) blocked waits, \(width) counted")
        let ends = blocked.map { $0.startSeconds + $0.durationSeconds }
        expectAtMost((ends.max() ?? 0) - (ends.min() ?? 0), 0.000_001, "every blocked wait ended when the process did")
        let resumed = steps.filter { $0.task.hasPrefix("continuation process › waiter") }
        expectEqual(resumed.filter { $0.name == "withCheckedContinuation" }.count, Int(tasks))
        expectEqual(
            Set(resumed.filter { $0.name == "computeAnswer()" }.map(\.task)),
            Set((1...Int(tasks)).map { "continuation process › waiter \($0) › answer \($0)" }))
    }

    /// A count from a one-CPU run can be 1: the noun follows it, in every lesson that says one.
    @Test func countsSayTheirNounInTheSingularAtOne() {
        expectEqual(CountWords.of(1, "thread"), "1 thread")
        expectEqual(CountWords.of(0, "frame"), "0 frames")
        expectEqual(CountWords.of(2, "blocking task"), "2 blocking tasks")
        expectEqual(CountWords.of(2, "child", plural: "children"), "2 children")
        expect(CountWords.were(1) == "was" && CountWords.were(3) == "were")
        // main-actor's main-actor-run, with one frame drawn straight through.
        expectContains(MainActorRunNarration.yielding(straight: 1, yielding: 1), "drew 1 frame during the loop")
        expectContains(MainActorRunNarration.yielding(straight: 0, yielding: 9), "drew 0 frames during the loop")
    }

    @Test func theChildReportLineRoundTripsAndJunkIsNoReport() {
        let report = Report(tasks: 4, peakWaiting: 2, finished: false, seconds: 1.002)
        expectEqual(Report.parse("noise\n" + report.line + "\n"), report)
        expectEqual(Report.parse("pool-report tasks=four"), nil)
        expectEqual(Report.parse(""), nil)
    }

    @Test func poolNarrationForEveryOutcome() {
        let stuck = Report(tasks: 4, peakWaiting: 2, finished: false, seconds: 1)
        let lucky = Report(tasks: 4, peakWaiting: 3, finished: true, seconds: 0.02)
        let suspended = Report(tasks: 4, peakWaiting: 4, finished: true, seconds: 0.011)
        let slow = Report(tasks: 4, peakWaiting: 4, finished: false, seconds: 1)
        let deadlocked = PoolDeadlockNarration.sentences(
            semaphore: stuck, continuation: suspended, limit: "1 s", poolThreads: 2)
        expectContains(deadlocked[0], "the pool's width on this machine: 2 threads")
        expectContains(deadlocked[1], "4 of 4 tasks waited at once and all finished")
        let noDeadlock = PoolDeadlockNarration.sentences(
            semaphore: lucky, continuation: slow, limit: "1 s", poolThreads: 2)
        expectContains(noDeadlock[0], "luck, not safety")
        expectContains(noDeadlock[1], "cannot tell a deadlock from a machine too busy")
        // A one-thread pool (one CPU online): singular, and no "every thread of the pool".
        let alone = PoolDeadlockNarration.sentences(
            semaphore: Report(tasks: 4, peakWaiting: 1, finished: false, seconds: 1), continuation: suspended,
            limit: "1 s", poolThreads: 1)
        expectContains(alone[0], "1 of 4 tasks was blocked")
        expectContains(alone[0], "the pool's width on this machine: 1 thread.")
        expect(alone[0].contains("the pool's only thread was waiting") && !alone[0].contains("every thread"))
        expectContains(deadlocked[0], "2 of 4 tasks were blocked")
        // One of a two-thread pool's threads came in time (taskset -c 0 beside a busy process gave
        // this: its second thread took no task within the second): the count is not the width.
        let late = PoolDeadlockNarration.sentences(
            semaphore: Report(tasks: 4, peakWaiting: 1, finished: false, seconds: 1.51), continuation: suspended,
            limit: "1 s", poolThreads: 2)
        expectContains(late[0], "1 of 4 tasks was blocked")
        expectContains(
            late[0], "The pool may have up to 2 threads here (one per CPU online), but only 1 took a task within 1 s")
        expectContains(late[0], "not the pool's width")
        expectNotContains(late[0], "width on this machine")
        expectNotContains(late[0], "only thread")
        let threeOfFour = PoolDeadlockNarration.stuckThreads(peakWaiting: 3, poolThreads: 4, limit: "1 s")
        expectContains(threeOfFour, "the 3 pool threads that took a task were waiting")
        expectContains(
            PoolDeadlockNarration.stuckThreads(peakWaiting: 4, poolThreads: 4, limit: "1 s"),
            "every thread of the pool was waiting")
        // .ci/one-cpu (session 58): one CPU online, activeProcessorCount 2, a one-thread pool. The
        // figure the variant passes is the CPUs online, so one thread waiting is the pool's width,
        // not "up to 2 threads … a quieter run shows it".
        let oneOnline = PoolDeadlockNarration.sentences(
            semaphore: Report(tasks: 4, peakWaiting: 1, finished: false, seconds: 1), continuation: suspended,
            limit: "1 s", poolThreads: PoolDeadlockVariant.poolThreads(online: 1))
        expectContains(oneOnline[0], "the pool's width on this machine: 1 thread.")
        expectNotContains(oneOnline[0], "a quieter run")
        expectEqual(PoolDeadlockVariant.poolThreads(online: 2), 2)
        let none = PoolDeadlockNarration.sentences(semaphore: nil, continuation: nil, limit: "1 s", poolThreads: 2)
        expect(none.allSatisfy { $0.contains("gave no report") })
    }

    @Test func aSynchronousJobDrawsNoFrameWhilePiecesThatYieldDo() async throws {
        let report = try await LessonHarness.run(WhenItStopsLesson(), ["main-starved"])
        try expectEqual(report.value("main-starved", "one_call_frames"), 0, "the main actor runs one job at a time")
        let job = try report.value("main-starved", "one_call_job_seconds")
        try expectAtLeast(report.value("main-starved", "one_call_longest_gap"), job, "no frame inside the job")
        // How many frames the other two draw is the machine's business: on one busy CPU the
        // @concurrent job drew none in a 290 ms gap once (the narration says so; tested below).
    }

    /// The job's stated size is the CPU's timed speed times its length: where the runs took far
    /// from it, a note says why, chosen from the times; within the CPU's spread, none.
    @Test func aJobFarFromItsStatedSizeIsSaidToBe() throws {
        expect(CPUWorkSizeNote.sentence(stated: 0.25, measured: [0.24, 0.27]) == nil)
        expect(CPUWorkSizeNote.sentence(stated: 0.25, measured: []) == nil)
        let faster = try #require(CPUWorkSizeNote.sentence(stated: 0.25, measured: [0.156, 0.162]))
        expectContains(faster, "from 156 ms to 162 ms: the CPU ran faster than when it was timed")
        let slower = try #require(CPUWorkSizeNote.sentence(stated: 0.25, measured: [0.41]))
        expectContains(slower, "it took 410 ms: a CPU shared with other work runs it slower")
        let both = try #require(CPUWorkSizeNote.sentence(stated: 0.25, measured: [0.15, 0.41]))
        expectContains(both, "slower at times")
        expectContains(both, "250 ms of CPU work")
    }

    @Test func starvationNarrationForEveryOutcome() {
        typealias Run = MainStarvedVariant.Run
        let budget = 1.0 / 60
        let frozen = Run(way: .oneCall, job: 0.25, framesDuring: 0, longestGap: 0.27, budget: budget)
        expectContains(MainStarvedNarration.sentence(frozen), "the UI starved")
        let dueFirst = Run(way: .oneCall, job: 0.25, framesDuring: 1, longestGap: 0.25, budget: budget)
        expectContains(MainStarvedNarration.sentence(dueFirst), "a frame already due ran first")
        let smooth = Run(way: .yielding, job: 0.25, framesDuring: 15, longestGap: 0.02, budget: budget)
        expectContains(MainStarvedNarration.sentence(smooth), "no hitch")
        let choppy = Run(way: .yielding, job: 0.25, framesDuring: 5, longestGap: 0.05, budget: budget)
        expectContains(MainStarvedNarration.sentence(choppy), "the price of doing the work on the main actor")
        let shared = Run(way: .concurrent, job: 0.25, framesDuring: 9, longestGap: 0.04, budget: budget)
        // Which the frames waited for, a pool thread or a CPU, is not measured: both needs are said,
        // and no parenthesis blames CPU sharing alone.
        let unrecorded = MainStarvedNarration.sentence(shared)
        expect(unrecorded.contains("the frames still waited") && unrecorded.contains("a pool thread"))
        expectContains(unrecorded, "This run did not measure which the frames waited for.")
        expectNotContains(unrecorded, "shares them", "\(unrecorded)")
        // B2: where the job ran is the span's, as the steps table shows it.
        var off = shared
        off.jobRanOn = .nonisolated
        let offText = MainStarvedNarration.sentence(off)
        expectContains(offText, "the job ran nonisolated, off the main actor, yet the frames still waited.")
        expect(offText.contains("the UI loop needs a pool thread") && offText.contains("did not measure which"))
        // What the frames waited for, from the two witnesses' figures (a one-CPU run, and a busy one).
        let poolShort = Run(
            way: .concurrent, job: 0.263, framesDuring: 0, longestGap: 0.277, budget: budget, jobRanOn: .nonisolated,
            threadLongestGap: 0.0167, poolLongestGap: 0.263, usableCPUs: 1)
        let poolText = MainStarvedNarration.sentence(poolShort)
        expectContains(poolText, "@concurrent: 0 frames drew during the job")
        expect(
            poolText.contains("It was not a CPU they waited for") && poolText.contains("It was a thread of the pool"))
        expectContains(poolText, "(on 1 CPU)")
        expectContains(poolText, "frees the main actor, not a pool thread")
        expectNotContains(poolText, "did not measure which")
        var cpuShort = poolShort
        cpuShort.threadLongestGap = 0.2
        cpuShort.usableCPUs = 2
        let cpuText = MainStarvedNarration.sentence(cpuShort)
        expect(cpuText.contains("also went 200 ms without running") && cpuText.contains("took turns for a CPU"))
        expectContains(cpuText, "(2 CPUs here")
        expectNotContains(cpuText, "It was not a CPU")
        var neither = poolShort
        neither.poolLongestGap = 0.02
        let neitherText = MainStarvedNarration.sentence(neither)
        expectContains(neitherText, "neither a CPU nor a pool thread was short")
        expectNotContains(neitherText, "It was a thread of the pool")
        // A frame gap just past one and a half frames beside witnesses that ticked on time: a
        // witness goes a tick between ticks, so its lateness, not its gap, says whether it was short.
        let onTime = Run(
            way: .concurrent, job: 0.2, framesDuring: 10, longestGap: 0.026, budget: budget, jobRanOn: .nonisolated,
            threadLongestGap: 0.0168, poolLongestGap: 0.0169, usableCPUs: 2)
        let onTimeText = MainStarvedNarration.sentence(onTime)
        expectContains(onTimeText, "neither a CPU nor a pool thread was short")
        expect(!onTimeText.contains("took turns for a CPU") && !onTimeText.contains("It was a thread of the pool"))
        // The same gap beside a thread witness late by as much as the frames: a CPU was short.
        var threadLate = onTime
        threadLate.threadLongestGap = 0.0226
        expectContains(MainStarvedNarration.sentence(threadLate), "took turns for a CPU")
        let oneFrame = Run(
            way: .concurrent, job: 0.263, framesDuring: 1, longestGap: 0.2, budget: budget, jobRanOn: .nonisolated,
            threadLongestGap: 0.0167, poolLongestGap: 0.2)
        expectContains(MainStarvedNarration.sentence(oneFrame), "@concurrent: 1 frame drew during the job")
        var on = shared
        on.jobRanOn = .mainActor
        let onText = MainStarvedNarration.sentence(on)
        expect(!onText.contains("off the main actor") && onText.contains("ran on the main actor"), "\(onText)")
        expect(onText.contains("so the frames waited for it.") && !onText.contains("pool thread"))
    }

    /// D6: below nice 0 is said to need a right, and whether this process has it follows what the
    /// kernel did when a thread of its own asked (CapEff lists CAP_SYS_NICE in a user namespace).
    @Test func theNiceRuleFollowsWhatThisProcessMayDo() {
        let may = PriorityInversionNarration.platformNote(mayGoBelowZero: true)
        let mayNot = PriorityInversionNarration.platformNote(mayGoBelowZero: false)
        let unknown = PriorityInversionNarration.platformNote(mayGoBelowZero: nil)
        for note in [may, mayNot, unknown] {
            expectNotContains(note, "an unprivileged process cannot go below nice 0", "\(note)")
            expectContains(note, "can go below nice 0")
        }
        expect(may.contains("this one can: a thread of its own set itself to nice -1"), "\(may)")
        expect(mayNot.contains("this one cannot: the kernel refused"), "\(mayNot)")
        expectContains(mayNot, "user namespace")
        expectNotContains(may, "refused")
        expectNotContains(unknown, "this one")
    }

    /// B2: the @concurrent job's code is recorded where it ran, not where it was awaited.
    @Test func theConcurrentJobRunsOffTheMainActor() async throws {
        let report = try await LessonHarness.run(WhenItStopsLesson(), ["main-starved"])
        try expectEqual(report.figure("main-starved", "concurrent_ran_on").text, "nonisolated")
        try expectEqual(report.figure("main-starved", "one_call_ran_on").text, "main actor")
    }

    @Test func awaitingTheTaskEscalatesItAndAStreamDoesNot() async throws {
        let report = try await LessonHarness.run(WhenItStopsLesson(), ["priority-inversion"])
        try expectEqual(report.value("priority-inversion", "task_value_escalated"), 1)
        try expectEqual(report.figure("priority-inversion", "task_value_highest").text, ".high")
        try expectEqual(report.value("priority-inversion", "stream_escalated"), 0)
        try expectEqual(report.figure("priority-inversion", "stream_highest").text, ".background")
    }

    @Test func inversionNarrationForEveryOutcome() {
        typealias Seen = PriorityInversionVariant.Seen
        let sentence = { (way: PriorityInversionVariant.Way, highest: TaskPriority) in
            PriorityInversionNarration.sentence(Seen(way: way, before: .background, highest: highest, waited: 0.1))
        }
        expectContains(sentence(.taskValue, .high), "escalated it")
        expectContains(sentence(.taskValue, .background), "did not raise")
        expectContains(sentence(.stream, .background), "an inversion")
        expectContains(sentence(.stream, .high), "something else escalated it")
    }

    @Test func takingTheUnitBeforeTheAwaitKeepsTheInvariant() async throws {
        let report = try await LessonHarness.run(WhenItStopsLesson(), ["broken-invariant"])
        try expectEqual(report.value("broken-invariant", "reserved_sold"), 2)
        try expectEqual(report.value("broken-invariant", "reserved_final_quantity"), 0)
        // Whether the naive calls overlap is timing; what they sold always adds up.
        let sold = try report.value("broken-invariant", "naive_sold")
        expectAtLeast(sold, 2)
        expectEqual(sold + (try report.value("broken-invariant", "naive_final_quantity")), 2)
    }

    @Test func theNaiveStockBreaksItsInvariantWhenCallsMeetAtTheAwait() async {
        // Every payment held until all five buyers are inside sell() together: a test process
        // busy with 600 others could start the third buyer after a bare 200 ms charge had ended.
        let outcome = await BrokenInvariantVariant.run(
            BrokenInvariantVariant.CheckThenAwaitStock(quantity: 2), chargeFor: .milliseconds(20),
            hold: PeakHold(peak: BrokenInvariantVariant.buyers, patience: .seconds(20)))
        expectEqual(outcome.sold, BrokenInvariantVariant.buyers, "\(outcome)")
        expectEqual(outcome.finalQuantity, 2 - BrokenInvariantVariant.buyers)
    }

    @Test func takingTheUnitFirstSellsNoMoreThanTheStockWhenAllCallsMeet() async {
        // The two buyers who take a unit are held until both are inside their charge, so the
        // other three ask while both units are taken, and find none left.
        let outcome = await BrokenInvariantVariant.run(
            BrokenInvariantVariant.ReserveFirstStock(quantity: 2), chargeFor: .milliseconds(20),
            hold: PeakHold(peak: 2, patience: .seconds(20)))
        expect(outcome.sold == 2 && outcome.finalQuantity == 0, "\(outcome)")
    }

    @Test func reentrancyNarrationForEveryOutcome() {
        typealias Outcome = BrokenInvariantVariant.Outcome
        let good = Outcome(sold: 2, finalQuantity: 0, peakInside: 2)
        let oversold = BrokenInvariantNarration.sentences(
            naive: Outcome(sold: 5, finalQuantity: -3, peakInside: 5), reserved: good, inStock: 2)
        expectContains(oversold[0], "sold 5 units of 2")
        #expect(oversold[1].contains("Finish a state change before you await"))
        let lucky = BrokenInvariantNarration.sentences(
            naive: Outcome(sold: 2, finalQuantity: 0, peakInside: 1), reserved: good, inStock: 2)
        expectContains(lucky[0], "happened not to overlap (one payment in flight at a time)")
        // Two units sell to two calls that meet at the await without an oversale: a third call
        // is what it takes, and two calls in flight did overlap.
        expectContains(lucky[0], "it needs only 3 calls to meet at the await, one more than the units left")
        expectNotContains(lucky[0], "two calls")
        let twoMet = BrokenInvariantNarration.sentences(naive: good, reserved: good, inStock: 2)
        expectContains(twoMet[0], "sold 2 of 2 on this run: 2 payments were in flight at once, but no more calls")
        expectNotContains(twoMet[0], "not to overlap")
        let broken = BrokenInvariantNarration.sentences(
            naive: good, reserved: Outcome(sold: 3, finalQuantity: -1, peakInside: 3), inStock: 2)
        expectContains(broken[1], "broke here too")
    }
}
