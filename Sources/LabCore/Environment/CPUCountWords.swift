import Foundation

/// How the lab names the CPUs a run had: the machine's, and the fewer a process may use under
/// `taskset` or a container's quota (where they differ, the words say so). Lessons, `lab doctor`
/// and the timeline pages share them, so a page made on one CPU never reads as a whole machine's.
public enum CPUCountWords {
    /// "2 CPUs", or "1 of the machine's 2 CPUs".
    public static func usable(
        _ usable: Int = UsableCPUs.count, machine: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> String {
        usable < machine ? "\(usable) of the machine's \(machine) CPUs" : "\(usable) CPU\(usable == 1 ? "" : "s")"
    }

    /// "This machine has 2 CPUs", or "This process may use 1 of the machine's 2 CPUs".
    public static func sentenceStart(
        _ usable: Int = UsableCPUs.count, machine: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> String {
        usable < machine
            ? "This process may use \(usable) of the machine's \(machine) CPUs"
            : "This machine has \(usable) CPU\(usable == 1 ? "" : "s")"
    }

    /// A machine line's CPU part: "Intel Xeon × 2", or "Intel Xeon × 2, 1 usable by this process".
    public static func machine(model: String, count: Int, usable: Int = UsableCPUs.count) -> String {
        "\(model) × \(count)" + (usable < count ? ", \(usable) usable by this process" : "")
    }
}
