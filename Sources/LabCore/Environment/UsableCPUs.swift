import CLabShims
import Foundation

/// How many CPUs this process may use: what a one-CPU run (`taskset -c 0`, `docker run
/// --cpus=1`) changes. `ProcessInfo.activeProcessorCount` does not say so on Linux: it
/// counts the machine's CPUs whatever the process's affinity (measured: 2 under `taskset
/// -c 0` on a 2-CPU machine, Swift 6.3). The global executor's width follows neither: it is
/// sized from the CPUs online (2 threads under `taskset -c 0` there, taking turns on 1 CPU;
/// `lab doctor` measures it).
public enum UsableCPUs {
    public static var count: Int {
        var count = ProcessInfo.processInfo.activeProcessorCount
        #if os(Linux)
            if let affinity = affinityCount() { count = min(count, affinity) }
            if let quota = cgroupQuota() { count = min(count, quota) }
        #endif
        return max(1, count)
    }

    #if os(Linux)
        /// The CPUs in the process's affinity mask (`taskset`, `docker --cpuset-cpus`).
        static func affinityCount() -> Int? {
            let count = Int(lab_affinity_cpu_count())
            return count > 0 ? count : nil
        }

        /// A cgroup v2 CPU quota (`docker --cpus=1` writes "100000 100000" to cpu.max), rounded up.
        static func cgroupQuota(
            _ text: String? = try? String(contentsOfFile: "/sys/fs/cgroup/cpu.max", encoding: .utf8)
        ) -> Int? {
            guard let fields = text?.split(separator: " ").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }),
                fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]), quota > 0, period > 0
            else { return nil }
            return Int((quota / period).rounded(.up))
        }
    #endif
}
