import LabCore

/// How many answers a batch builds at once by default: the CPUs this process may use
/// (`UsableCPUs`: `taskset`, a container's quota), not the machine's, which
/// `ProcessInfo.activeProcessorCount` counts on Linux (in a one-CPU container on a 16-core host,
/// 16 builds and their checks would share one CPU). But two at least: a build also waits (its
/// files written, a compiler and a linker started, a binary written), and a second build computes
/// meanwhile. In CI's one-CPU lane, beside builds of the other lane, every known answer took
/// 206–211 s with two builds at once and 232–269 s with one (docs/MEASUREMENTS.md).
public enum GradingWidth {
    public static func builds(usable: Int = UsableCPUs.count) -> Int { max(2, usable) }
}
