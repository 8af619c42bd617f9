import Foundation
import Synchronization

/// Deterministic CPU-bound work with a known amount of work.
///
/// Each unit is one step of a xorshift generator folded into a checksum. The
/// checksum of `units` steps from a seed is a pure function, so callers can check
/// the result, and the optimizer cannot delete a loop whose result is used.
public enum CPUWork {
    /// Runs `units` steps and returns the checksum.
    @inline(never)
    public static func run(units: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> UInt64 {
        var state = seed | 1
        var checksum: UInt64 = 0
        for _ in 0..<units {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            checksum = checksum &+ (state >> 3)
        }
        BlackHole.consume(checksum)
        return checksum
    }

    /// Units per second on this machine, measured once per process on first use.
    public static var unitsPerSecond: Double { calibratedRate }

    /// Burns CPU for about `duration`, using the calibrated rate. Returns the checksum.
    @discardableResult
    public static func burn(for duration: Duration) -> UInt64 {
        run(units: units(for: duration))
    }

    /// The number of units that take about `duration` on this machine.
    public static func units(for duration: Duration) -> Int {
        Swift.max(1, Int(duration.seconds * unitsPerSecond))
    }

    private static let calibratedRate = measuredRate()

    /// Units per second, measured now: the best of ten probes of half a millisecond each. The
    /// fastest probe is the one least disturbed by other work, and a probe that short runs whole
    /// within one time slice of a CPU shared with a busy process (Linux gives each runnable thread
    /// 0.75–3 ms at a time, macOS 10 ms). Probes of 5–20 ms, each grown from 200,000 units, read
    /// half the rate beside a process that kept the same CPU busy, every run, and took 98 ms in
    /// a debug build (39 ms optimized); these read the quiet rate there too, and take 6 ms
    /// (5.5 ms optimized) (docs/MEASUREMENTS.md, session 68).
    static func measuredRate() -> Double {
        let clock = ContinuousClock()
        // Sized first: grown until one run takes long enough to time, then scaled to a probe.
        var units = 10_000
        var elapsed = clock.measure { _ = CPUWork.run(units: units) }
        while elapsed < .microseconds(250) {
            units *= 4
            elapsed = clock.measure { _ = CPUWork.run(units: units) }
        }
        var best = elapsed.seconds / Double(units)
        // Scaled down as well as up: the sizing run grows fourfold, so it may take up to 1 ms.
        let probeUnits = Swift.max(1_000, Int(Duration.microseconds(500).seconds / best))
        for _ in 0..<10 {
            let probe = clock.measure { _ = CPUWork.run(units: probeUnits) }
            // A clock that read no time at all says nothing (the rate would be infinite).
            guard probe > .zero else { continue }
            best = Swift.min(best, probe.seconds / Double(probeUnits))
        }
        return 1 / best
    }
}

/// An optimizer barrier: a value passed here is treated as used.
public enum BlackHole {
    private static let sink = Atomic<UInt64>(0)

    @inline(never)
    public static func consume(_ value: UInt64) {
        sink.store(value, ordering: .relaxed)
    }

    @inline(never)
    public static func consume<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    /// Returns `value` through a call the optimizer cannot see into, so a value
    /// read before it must really be read from memory.
    @inline(never)
    public static func identity(_ value: Int) -> Int {
        sink.store(UInt64(truncatingIfNeeded: value), ordering: .relaxed)
        return value
    }

    /// Returns `value` through a call the optimizer cannot see into, so what it is
    /// must be found out at run time (a cast on it is not folded at compile time).
    @inline(never)
    @_optimize(none)
    public static func opaque(_ value: Any) -> Any { value }
}
