import Foundation

/// A clock every process on the machine reads alike (`CLOCK_MONOTONIC`), so times taken in a
/// child process can be drawn on its parent's timeline. `ContinuousClock`'s instants are
/// comparable only within a process: they cannot be sent to another.
public enum SystemClock {
    /// Seconds since an unspecified moment shared by every process (the boot, on Linux).
    public static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
