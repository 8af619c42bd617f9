import Foundation

/// What the kernel has counted for this process, or for the children it has waited for
/// (getrusage): CPU time, context switches and peak memory. One reading serves a benchmark's
/// sample (LabBench), a batch's cost (the grader) and a check's CPU budget (CheckSupport).
public struct ProcessUsage: Sendable, Equatable {
    /// Whose counters: this process (all its threads), or its children that have ended and been
    /// waited for (a child still running counts nowhere yet).
    public enum Whose: Sendable {
        case thisProcess
        case waitedForChildren
    }

    /// User plus system CPU time, in seconds: waiting uses none, computing does.
    public let cpuSeconds: Double
    public let voluntarySwitches: Int
    public let involuntarySwitches: Int
    /// The peak resident memory, in bytes (for children: the largest child's).
    public let maxResidentBytes: Int

    /// CPU time the calling thread has used, in seconds: a check's measure of work done on one
    /// thread, wherever the other threads of the process were (16's main actor, 21's hashing).
    public static func callingThreadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    public static func now(_ whose: Whose = .thisProcess) -> ProcessUsage {
        var usage = rusage()
        // The constants are an enum's cases in Glibc and plain Int32s in Darwin.
        #if os(Linux)
            getrusage(whose == .thisProcess ? RUSAGE_SELF.rawValue : RUSAGE_CHILDREN.rawValue, &usage)
        #else
            getrusage(whose == .thisProcess ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        #if os(Linux)
            let maxResident = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            let maxResident = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return ProcessUsage(
            cpuSeconds: user + system, voluntarySwitches: Int(usage.ru_nvcsw),
            involuntarySwitches: Int(usage.ru_nivcsw), maxResidentBytes: maxResident)
    }
}
