import Foundation
import LabCore

/// How the lessons name the CPUs a run had: the machine's, and the fewer a process may use
/// under `taskset` or a container's quota (where they differ, the lessons say so).
enum CPUCountWords {
    /// "2 CPUs", or "1 of the machine's 2 CPUs".
    static func usable(_ usable: Int = UsableCPUs.count, machine: Int = ProcessInfo.processInfo.activeProcessorCount)
        -> String
    {
        usable < machine ? "\(usable) of the machine's \(machine) CPUs" : "\(usable) CPU\(usable == 1 ? "" : "s")"
    }

    /// "This machine has 2 CPUs", or "This process may use 1 of the machine's 2 CPUs".
    static func sentenceStart(
        _ usable: Int = UsableCPUs.count, machine: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> String {
        usable < machine
            ? "This process may use \(usable) of the machine's \(machine) CPUs"
            : "This machine has \(usable) CPU\(usable == 1 ? "" : "s")"
    }
}
