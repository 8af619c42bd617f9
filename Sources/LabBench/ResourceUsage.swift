import Foundation
import LabCore

/// Process-wide counters (LabCore's ProcessUsage) and /proc, read before and after a sample.
struct ResourceUsage {
    let cpuSeconds: Double
    let voluntarySwitches: Int
    let involuntarySwitches: Int
    let maxResidentBytes: Int

    static func now() -> ResourceUsage {
        let usage = ProcessUsage.now()
        return ResourceUsage(
            cpuSeconds: usage.cpuSeconds, voluntarySwitches: usage.voluntarySwitches,
            involuntarySwitches: usage.involuntarySwitches, maxResidentBytes: usage.maxResidentBytes)
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
