import Foundation
import LabCore
import Synchronization
@testable import StudentCode

let plannedExpectations = 1

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
    let threads = [DedicatedThreadExecutor(name: "check 12 · A"), DedicatedThreadExecutor(name: "check 12 · B")]
    let waker = FrequentWaker(everyMicroseconds: 50)
    defer {
        waker.stop()
        for thread in threads { thread.stop() }
    }
    let tasks = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)
    let each = CheckServices.random(in: 4000...6000)
    report.waiting("rounds of \(tasks) tasks on two threads recording up to \(each) downloads each")
    // One call at a time first, in one task: a counter that loses downloads with no call
    // overlapping another skips them by its code, and a race is not what lost them (the
    // verdict said "a data race" for any loss, a counter that skipped some adds too).
    report.waiting("\(each) downloads recorded one at a time, in one task")
    let alone = await countedOneAtATime(each)
    if alone != each {
        return report.fail(oneAtATimeProblem(recorded: each, counted: alone, round: nil))
    }
    let clock = ContinuousClock()
    let wallLimit = clock.now + .seconds(10)
    let cpuLimit = processCPUSeconds() + 1.5
    let spent = { @Sendable in processCPUSeconds() >= cpuLimit || clock.now >= wallLimit }
    var rounds = 0
    var countedInAll = 0
    repeat {
        rounds += 1
        let counter = DownloadCounter()
        // Each task stops at the deadline, even mid-round, and says how many downloads it
        // recorded, so a correct counter that is slow here still ends in time: on one CPU
        // a Mutex held by a thread the kernel switched out keeps the other waiting, and
        // once (1 verify run in about 20, `yes` beside it) the Mutex answer, checked in
        // whole rounds, did not finish within the 15 s limit (its cause was not found).
        let expected = await withTaskGroup(of: Int.self) { group in
            for index in 0..<tasks {
                group.addTask(executorPreference: threads[index % threads.count]) {
                    var recorded = 0
                    while recorded < each {
                        await counter.recordDownload()
                        recorded += 1
                        if recorded % 256 == 0, spent() { break }
                    }
                    return recorded
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
    let counter = DownloadCounter()
    for _ in 0..<calls { await counter.recordDownload() }
    return await counter.total
}

/// What is wrong with a counter that miscounted downloads recorded one at a time (`round`: after
/// the concurrent round that lost some, as many again alone), in one sentence.
func oneAtATimeProblem(recorded: Int, counted total: Int, round: Int?) -> String {
    let when = round.map { " (recorded alone after round \($0) lost some)" } ?? ""
    guard total < recorded else {
        return "\(recorded) downloads were recorded and \(total) counted, one call at a time in one task\(when): the counter counts downloads that never happened"
    }
    return "\(recorded) downloads were recorded and \(total) counted, one call at a time in one task\(when): \(recorded - total) \(were(recorded - total)) lost with no calls overlapping, so no race lost them: the counter leaves some downloads out; count every call"
}

/// A thread that sleeps `everyMicroseconds` at a time until stopped. Each wake-up on a
/// CPU where the counting threads run makes the kernel preempt one of them, at whatever
/// instruction it had reached, and choose again which runs next: many more chances
/// for a read and its write to be split than time slices alone give. It only sleeps,
/// never in an async context, and touches nothing the counter does.
final class FrequentWaker: Sendable {
    private let running = Atomic(true)

    init(everyMicroseconds interval: UInt32) {
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) { usleep(interval) }
        }
        thread.name = "check 12 · waker"
        thread.start()
    }

    func stop() { running.store(false, ordering: .relaxed) }
}
