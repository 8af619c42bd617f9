import Foundation

/// Process-wide counters from getrusage and /proc, read before and after a sample.
struct ResourceUsage {
    let cpuSeconds: Double
    let voluntarySwitches: Int
    let involuntarySwitches: Int
    let maxResidentBytes: Int

    static func now() -> ResourceUsage {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        #if os(Linux)
            let maxResident = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            let maxResident = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return ResourceUsage(
            cpuSeconds: user + system, voluntarySwitches: Int(usage.ru_nvcsw),
            involuntarySwitches: Int(usage.ru_nivcsw), maxResidentBytes: maxResident)
    }

    /// Threads in this process right now (Linux: /proc/self/task; elsewhere unknown).
    static func threadCount() -> Int? {
        #if os(Linux)
            return (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count
        #else
            return nil
        #endif
    }
}
