import LabCore
import Synchronization

/// A fixed, tiny workload timed before every sample, so a run can say whether
/// the machine itself kept its speed.
///
/// Why memory and not arithmetic: on shared (virtual) machines the speed of
/// loads, stores and atomic read-modify-writes moves in phases lasting seconds
/// to minutes — measured here: a plain C loop of volatile adds ran at 0.28 and
/// at 0.53 ns per step in back-to-back runs — while a register-only arithmetic
/// loop (CPUWork) stayed flat. Concurrency primitives are made of exactly those
/// memory operations, so this is the workload whose drift they share.
///
/// The probe changes nothing it measures: it runs between samples, never inside
/// one, and takes about 50 µs.
public enum MemoryProbe {
    /// Steps per reading: long enough to dwarf a clock read, short enough to be free.
    public static let steps = 20_000

    private static let cell = Atomic<Int>(0)

    /// Nanoseconds per step of the fixed workload, now.
    @inline(never)
    public static func read() -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for step in 0..<steps {
            // One atomic read-modify-write per step: the optimizer may not merge
            // or drop them, and each is the memory operation a lock or a task
            // state change makes.
            cell.wrappingAdd(step & 1, ordering: .relaxed)
        }
        return start.duration(to: clock.now).seconds * 1e9 / Double(steps)
    }
}
