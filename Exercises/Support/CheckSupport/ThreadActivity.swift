import Foundation
import LabCore

/// What one thread did between two readings, both taken on it: the CPU it used and, where the
/// kernel says (Linux: /proc/thread-self), how often it went to sleep and was woken again (its
/// voluntary context switches) and how long it wanted a CPU (ran, or waited in line for one, as
/// `processRunnableSeconds` reads for the whole process). 21 reads the main actor's thread so while
/// the work is off it: a main actor that awaits the work sleeps once and is woken by its end; one
/// that looks for the result again and again wakes once per look, however the pause between looks
/// is spelled (a sleep, a timer, a task, a queue, a blocking call), and one that spins wants a CPU
/// the whole time, however little of a crowded one it gets. Nil where the kernel does not say.
struct ThreadActivity: Sendable {
    var cpu: Duration
    var wakes: Int?
    var wanted: Duration?
    var lasted: Duration

    /// A thread that waits for one event is woken a few times at most: by the event, and by hops
    /// of its own (every correct answer to 21 woke the main actor's thread once, quietly and on one
    /// CPU); one that looks again and again, once per look.
    static let wakesOfAWait = 4

    /// What it did that a thread waiting for `events` events (each awaited once) does not, in a few
    /// words ("woke 341 times in 369 ms"); nil when it only waited. Woken more than twice per event
    /// and `wakesOfAWait` besides is a loop's (an answer that awaited an actor once per photo woke
    /// 14-16 times for its photos, and is right). More CPU than a tenth of the time is a loop's, and
    /// so is wanting a CPU for half of it or more with 4 ms of CPU or more, whatever CPU a crowded
    /// machine gave it (as `Stirrings`).
    func restless(events: Int = 0) -> String? {
        if let wakes, wakes > 2 * events + Self.wakesOfAWait {
            return "woke \(counted(wakes, "time")) in \(lasted.humanReadable)"
        }
        let computed = cpu > .milliseconds(10) && cpu * 10 > lasted
        let wantedLong = cpu >= .milliseconds(4) && (wanted.map { $0 > .milliseconds(10) && $0 * 2 > lasted } ?? false)
        guard computed || wantedLong else { return nil }
        // Where it wanted a CPU longer than it got one, for how long: said after the CPU it used.
        let wantedNote =
            wantedLong ? wanted.map { ", and wanted a CPU for \($0.humanReadable) (ran, or waited in line)" } : nil
        return "used \(cpu.humanReadable) of CPU in \(lasted.humanReadable)\(wantedNote ?? "")"
    }

    /// A reading of the calling thread, to be ended on the same thread (`activity()`).
    struct ThreadActivityReading: Sendable {
        fileprivate let thread = currentThreadID()
        fileprivate let cpu = threadCPUSeconds()
        fileprivate let wakes = ThreadActivity.voluntarySwitches()
        fileprivate let wanted = ThreadActivity.runnableSeconds()
        fileprivate let at = ContinuousClock.now

        /// What the calling thread did since this reading; nil when it is another thread (the
        /// figures would be two threads').
        func activity() -> ThreadActivity? {
            let end = ThreadActivityReading()
            guard end.thread == thread else { return nil }
            return ThreadActivity(
                cpu: .seconds(max(0, end.cpu - cpu)),
                wakes: wakes.flatMap { start in end.wakes.map { max(0, $0 - start) } },
                wanted: wanted.flatMap { start in end.wanted.map { .seconds(max(0, $0 - start)) } },
                lasted: at.duration(to: end.at))
        }
    }

    /// The calling thread's voluntary context switches: each time it went to sleep (to wait for a
    /// job, a timer, a lock) and was woken again.
    private static func voluntarySwitches() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.dropFirst("voluntary_ctxt_switches:".count).trimmingCharacters(in: .whitespaces)) }
    }

    /// How long the calling thread has wanted a CPU, in seconds: ran plus waited in line.
    private static func runnableSeconds() -> Double? {
        runnableNanoseconds(schedstat: "/proc/thread-self/schedstat").map { Double($0) / 1e9 }
    }
}
