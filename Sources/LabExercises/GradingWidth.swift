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

    /// How many checks `lab exercises --verify` runs at once once every answer is built, as workers
    /// (`BatchGrading.runWorkersOnceBuilt`; twice as many once they are past their first seconds and
    /// mostly waiting): six for each CPU this process may use, so each CPU runs up to twelve, as
    /// CI's one-CPU lanes have run every known answer, each with its verdict, on every run. On two
    /// CPUs a warm `--verify` (nothing to compile, the checks most of the run) took 65.4–66.0 s
    /// instead of 86.9 s, every verdict right (docs/MEASUREMENTS.md, session 48). Beside the builds it
    /// keeps three per build worker: that wide from the start, a run that compiled everything took
    /// 138.5 s against 126.8 s, its checks taking CPU from the compiles. A class (`lab grade`) keeps
    /// three per build worker beside the builds and twice that once they end (`BatchGrading`'s
    /// ceiling): the catalogue proves the checks at the harder width. At most 48, a 16-core
    /// machine's before.
    public static func verifyChecks(usable: Int = UsableCPUs.count) -> Int { min(48, 6 * max(1, usable)) }
}
