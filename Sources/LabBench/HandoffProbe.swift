import Foundation
import LabCore
import Synchronization

/// The time for one cache line to go from one core to another and back: two
/// threads bounce a counter, each waiting (spinning) for the other's write.
///
/// Every cross-thread handoff — a task resumed on another thread, a contended
/// lock, a hop to the main actor — pays this. On a virtual machine the host
/// decides which physical cores the virtual CPUs run on and moves them while
/// the guest runs, so this price is not a constant: measured here with a plain C
/// program (no Swift), one run took 64 ns per round trip and the next 340 ns.
///
/// The harness reads it only between measurements — before and after the
/// primitive schedule, each worker process and each pattern suite — never
/// between samples: read between samples, it made task creation 15–20% and a
/// `MainActor.run` round trip 20–30% slower (measured, three runs each way),
/// while the memory probe, read before every sample, changed nothing.
public enum HandoffProbe {
    /// Round trips per reading: 0.1–0.5 ms.
    public static let roundTrips = 1_000
    /// Readings taken in each gap between measurements.
    public static let readingsPerGap = 3
    /// Untimed round trips first: the new thread's first touches of its stack
    /// and of the shared line are not the steady price.
    static let warmUpTrips = 200

    /// Gives up (returns nil) rather than spin for long when the other thread
    /// cannot get a CPU, e.g. on a one-core machine or under heavy load.
    static let deadline = Duration.milliseconds(50)
    /// ...and when the two threads take turns on one CPU: each trip then waits for the
    /// scheduler to switch threads (milliseconds), which no single wait's deadline catches
    /// (measured under `taskset -c 0` before `UsableCPUs` was asked: a 0.1 s `lab bench` took
    /// 85 s). Generous: a busy CI machine under the thread sanitizer read 1 ms a trip.
    static let readingBudget = Duration.seconds(2)

    private final class Court: Sendable {
        let ball = Atomic<Int>(0)
        let abandoned = Atomic<Bool>(false)
    }

    /// Nanoseconds per round trip between two threads, or nil when a reading
    /// was not possible.
    public static func read() -> Double? {
        // The CPUs this process may use, not the machine's: one CPU (`taskset -c 0`) has no
        // core-to-core trip to time.
        guard UsableCPUs.count >= 2 else { return nil }
        let court = Court()
        let trips = warmUpTrips + roundTrips
        // The thread's start-up falls in the untimed warm-up trips, under the
        // same deadline as every other wait.
        let thread = Thread {
            for trip in 0..<trips {
                guard wait(court, until: 2 * trip + 1) else { return }
                court.ball.store(2 * trip + 2, ordering: .releasing)
            }
        }
        thread.start()
        let clock = ContinuousClock()
        let first = clock.now
        var start = first
        let giveUp = start.advanced(by: readingBudget)
        for trip in 0..<trips {
            if trip == warmUpTrips { start = clock.now }
            court.ball.store(2 * trip + 1, ordering: .releasing)
            guard wait(court, until: 2 * trip + 2) else { return nil }
            let now = clock.now
            let paceChecked = trip % paceCheck == paceCheck - 1
            if now > giveUp || (paceChecked && outrunsBudget(first.duration(to: now), trip + 1, trips)) {
                court.abandoned.store(true, ordering: .releasing)
                return nil
            }
        }
        return start.duration(to: clock.now).seconds * 1e9 / Double(roundTrips)
    }

    /// Trips between checks of a reading's pace.
    static let paceCheck = 100

    /// Whether a reading that took `elapsed` for its first `done` of `total` trips would, at that
    /// pace, run past `readingBudget`: it then gives up at once instead of when the budget runs
    /// out. Such a pace (about 1.7 ms a trip against 0.1–0.5 µs on a quiet machine) is two
    /// threads taking turns on one CPU, each trip waiting for the scheduler; such a reading
    /// times the scheduler, not the cache line, and often ends in nil after its whole budget.
    /// Measured under load (`lab bench --quick`, load average about 5): gaps between suites
    /// spent up to 6 s on three readings that all gave up.
    static func outrunsBudget(_ elapsed: Duration, _ done: Int, _ total: Int) -> Bool {
        done > 0 && elapsed * (Double(total) / Double(done)) > readingBudget
    }

    /// The readings of one gap between measurements: up to `readingsPerGap`, ending at the first
    /// that could not be taken: the next, a moment later under the same load, would most likely
    /// wait out its budget too and read nothing (`probe` is `read`; a test gives it a script).
    public static func readGap(_ probe: () -> Double? = HandoffProbe.read) -> [Double] {
        var readings: [Double] = []
        for _ in 0..<readingsPerGap {
            guard let reading = probe() else { break }
            readings.append(reading)
        }
        return readings
    }

    /// Spins until the ball reaches `value`; false if the reading was abandoned
    /// or ran past the deadline (then it marks it abandoned for the other side).
    private static func wait(_ court: Court, until value: Int) -> Bool {
        let clock = ContinuousClock()
        var limit: ContinuousClock.Instant?
        var spins = 0
        while court.ball.load(ordering: .acquiring) != value {
            spins += 1
            guard spins & 1023 == 0 else { continue }
            if court.abandoned.load(ordering: .acquiring) { return false }
            let now = clock.now
            if limit == nil {
                limit = now.advanced(by: deadline)
            } else if let limit, now > limit {
                court.abandoned.store(true, ordering: .releasing)
                return false
            }
        }
        return true
    }
}
