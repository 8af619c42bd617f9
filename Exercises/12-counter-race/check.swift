import LabCore

// MARK: - The answer's face
/// What the check calls of the answer: it is compiled once for every answer, against this
/// (see `AnswerFace` in the lab's grader), and reaches the answer only through `labAdaptor`.
struct AnswerFace: Sendable {
    /// A new `DownloadCounter()`.
    let newDownloadCounter: @Sendable () -> AnswerDownloadCounterHandle
}

/// One `DownloadCounter` of the answer's, reached through closures around it.
struct AnswerDownloadCounterHandle: Sendable {
    /// `await counter.recordDownload()` up to `$0` times, one call after another, asking `$1` after
    /// every 256th whether to stop; how many it recorded. The loop is the check's own, here, in an
    /// async closure as the task's body was: a closure called once a download cost a counter whose
    /// calls never suspend about 1 µs each, 30 times its call (17–33 rounds where the check had run
    /// 678–1,281, a racy counter losing 165–559 downloads in a round where it had lost 10,322–12,369);
    /// the same loop in a `nonisolated(nonsending)` closure ran as many rounds, but the spin lock
    /// that loads its flag then stores it passed 2 of 3 grades on one CPU (1,183 and 1,804 rounds),
    /// where the check had found its loss by round 8–137 in 3 of 3, as it does again.
    let recordDownloads: @Sendable (Int, () -> Bool) async -> Int
    /// `await counter.total`.
    let readTotal: @Sendable () async -> Int
}

// MARK: - How the check reaches the answer
func labAdaptor() -> AnswerFace {
    AnswerFace(newDownloadCounter: {
        let counter = DownloadCounter()
        return AnswerDownloadCounterHandle(
            recordDownloads: {
                var recorded = 0
                while recorded < $0 {
                    await counter.recordDownload()
                    recorded += 1
                    if recorded % 256 == 0, $1() { break }
                }
                return recorded
            }, readTotal: { await counter.total })
    })
}

// MARK: - The check
import Foundation
import LabCore
import Synchronization
@testable import StudentCode

let plannedExpectations = 1

extension AnswerDownloadCounterHandle {
    /// The counter's total, read as the check read it.
    var total: Int { get async { await readTotal() } }
}

/// A new counter of the answer's, as `DownloadCounter()` made it.
func newDownloadCounter() -> AnswerDownloadCounterHandle { labAdaptor().newDownloadCounter() }

func runCheck(_ report: CheckReport) async {
    // A lost update is luck: on a busy machine one round may lose nothing (measured
    // here: an unsafe counter lost nothing in 6 rounds once in six verify runs). So
    // rounds repeat, fresh counter each time, until the process has spent a second and a
    // half of CPU (10 s of wall time at most), and any loss fails. A correct counter spends
    // the whole budget. CPU, not wall time: on CI's one-CPU lane, beside other checks, the
    // starting file once passed 1.5 s of wall time, its threads given too little of it.
    //
    // The tasks run on two threads of the check's own, half on each (a task executor
    // preference), not on the global pool: pinned to one CPU that pool has one thread,
    // where a task runs until it suspends and an actor call returns on the same thread,
    // so neither race could show (the starting file passed 10 runs in 10 so). Two
    // threads on one CPU take turns where the kernel switches them, at any instruction:
    // a switch between a read and its write loses an update. The kernel switches at the
    // end of a time slice, too rarely to count on (with `yes` on the same CPU the
    // starting class lost updates in 1 to 11 rounds of ~800); a thread that wakes every
    // 50 µs makes it switch at each wake-up (then 195 to 228 rounds of ~600 lost some).
    // Four of them, pinned on Linux round the CPUs the check may use. One waker wakes about
    // 5,000 times a second here, not 20,000 (timer slack stretches each sleep), and a spin lock
    // that loads its flag and then stores it (not a compare-and-exchange) passed about one
    // run in twenty (an audit's); here it lost updates as late as round 1,539 of ~1,800 (one
    // CPU, `yes` beside it). Four unpinned wakers still let it pass 2 runs of 20 on two CPUs
    // with `yes` pinned to one (the wakers most likely woke on that CPU, and the counting
    // threads ran on the other). Four pinned: it lost updates in 25 runs of 25 each way, by
    // round 351 (of ~1,400 a correct answer runs) with `yes` on one of two CPUs, by round 630
    // on one CPU beside it, by round 670 on two. They cost the actor solution about a fifth of
    // its rounds (8–13 where 11–16), not time: the rounds stop at the same CPU budget.
    let threads = [DedicatedThreadExecutor(name: "check 12 · A"), DedicatedThreadExecutor(name: "check 12 · B")]
    let wakers = (0..<4).map { FrequentWaker(everyMicroseconds: 50, cpu: $0) }
    defer {
        for waker in wakers { waker.stop() }
        for thread in threads { thread.stop() }
    }
    let tasks = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)
    let each = CheckServices.random(in: 4000...6000)
    // One call at a time first, in one task: a counter that loses downloads with no call
    // overlapping another skips them by its code, and a race is not what lost them (the
    // verdict said "a data race" for any loss, a counter that skipped some adds too).
    // More of them than a round records (8 tasks of at most 6,000), past 65,535: a count kept
    // in a `UInt16` that wraps counted every round right (a round counts at most 48,000).
    // They come before the rounds' CPU budget is taken: the solution's check took 1.9–2.1 s
    // with them, 2.1–2.3 s without (two runs each, twice).
    let aloneCalls = Int(UInt16.max) + 1 + each
    report.waiting("\(aloneCalls) downloads recorded one at a time, in one task", calls: aloneCalls)
    let alone = await countedOneAtATime(aloneCalls)
    if alone != aloneCalls {
        return report.fail(oneAtATimeProblem(recorded: aloneCalls, counted: alone, round: nil))
    }
    let clock = ContinuousClock()
    let wallLimit = clock.now + .seconds(10)
    let cpuLimit = processCPUSeconds() + 1.5
    let spent = { @Sendable in processCPUSeconds() >= cpuLimit || clock.now >= wallLimit }
    var rounds = 0
    var countedInAll = 0
    repeat {
        rounds += 1
        // Each round a wait of its own, of its calls: a counter that adds in a task of its own per
        // call (correct) begins a task a call, hundreds of thousands over the rounds, no chain.
        report.waiting(
            "round \(rounds) of \(tasks) tasks on two threads recording up to \(each) downloads each",
            calls: tasks * each)
        let counter = newDownloadCounter()
        // Each task stops at the deadline, even mid-round, and says how many downloads it
        // recorded, so a correct counter that is slow here still ends in time: on one CPU
        // a Mutex held by a thread the kernel switched out keeps the other waiting, and
        // once (1 verify run in about 20, `yes` beside it) the Mutex answer, checked in
        // whole rounds, did not finish within the 15 s limit (its cause was not found).
        let expected = await withTaskGroup(of: Int.self) { group in
            for index in 0..<tasks {
                group.addTask(executorPreference: threads[index % threads.count]) {
                    await counter.recordDownloads(each, spent)
                }
            }
            return await group.reduce(0, +)
        }
        let total = await counter.total
        // Said as it happened: a counter that loses updates counts fewer; one that does not
        // count at all (a fixed number) may say more. A loss is the overlap's only if as many
        // calls one at a time lose none: a counter that skips some as the count grows (every
        // thousandth, say) skips them alone too, and is told so.
        if total < expected {
            let alone = await countedOneAtATime(expected)
            if alone != expected {
                return report.fail(oneAtATimeProblem(recorded: expected, counted: alone, round: rounds))
            }
            return report.fail("\(expected) downloads were recorded and \(total) counted: \(expected - total) \(were(expected - total)) lost (round \(rounds)) while calls overlapped, and none when \(expected) came one at a time: one call's update overwrote or dropped another's (a data race, a read and its write split by an await, an exchange not tried again); make each increment one step no other call can split")
        }
        if total > expected {
            return report.fail("\(expected) downloads were recorded and \(total) counted (round \(rounds)): the counter counts downloads that never happened")
        }
        countedInAll += total
    } while !spent()
    report.pass("every download counted (\(countedInAll) in \(counted(rounds, "round")) of \(tasks) tasks on two threads)")
}

/// How many of `calls` downloads a fresh counter counts when they are recorded one at a time, in
/// one task: no call overlaps another, so nothing a race does can lose one.
func countedOneAtATime(_ calls: Int) async -> Int {
    let counter = newDownloadCounter()
    _ = await counter.recordDownloads(calls) { false }
    return await counter.total
}

/// What is wrong with a counter that miscounted downloads recorded one at a time (`round`: after
/// the concurrent round that lost some, as many again alone), in one sentence.
func oneAtATimeProblem(recorded: Int, counted total: Int, round: Int?) -> String {
    let when = round.map { " (recorded alone after round \($0) lost some)" } ?? ""
    guard total < recorded else {
        return "\(recorded) downloads were recorded and \(total) counted, one call at a time in one task\(when): the counter counts downloads that never happened"
    }
    if let size = wrapSize(recorded: recorded, counted: total) {
        return "\(recorded) downloads were recorded and \(total) counted, one call at a time in one task\(when): the count is the downloads less a multiple of \(size == 256 ? "256" : "65,536"), as a count that wraps at \(size == 256 ? "256 (8 bits)" : "65,536 (16 bits)") would be; keep the count in an `Int`"
    }
    return "\(recorded) downloads were recorded and \(total) counted, one call at a time in one task\(when): \(recorded - total) \(were(recorded - total)) lost with no calls overlapping, so no race lost them: the counter leaves some downloads out; count every call"
}

/// The size a count that wraps would have had (256 or 65,536) if `counted` is what such a count
/// shows after `recorded` adds: below the size, and less than `recorded` by a multiple of it.
func wrapSize(recorded: Int, counted: Int) -> Int? {
    [256, 65_536].first { size in
        (0..<size).contains(counted) && counted < recorded && (recorded - counted) % size == 0
    }
}

/// A thread that sleeps `everyMicroseconds` at a time until stopped. Each wake-up on a
/// CPU where the counting threads run makes the kernel preempt one of them, at whatever
/// instruction it had reached, and choose again which runs next: many more chances
/// for a read and its write to be split than time slices alone give. It only sleeps,
/// never in an async context, and touches nothing the counter does.
final class FrequentWaker: Sendable {
    private let running = Atomic(true)

    /// `cpu`: the index of the usable CPU it wakes on (Linux), where it preempts the counting
    /// thread running there.
    init(everyMicroseconds interval: UInt32, cpu: Int) {
        let thread = Thread { [self] in
            pinCallingThread(toUsableCPU: cpu)
            while running.load(ordering: .relaxed) { usleep(interval) }
        }
        thread.name = "check 12 · waker"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }
}
