import Testing

@testable import LabCore

/// A machine line names the CPUs this process may use where they are fewer than the machine's
/// (`taskset -c 0`, `docker --cpus=1`): a page made on one CPU never reads as a whole machine's.
@Suite("CPU count words: the machine's CPUs, and the fewer a process may use")
struct CPUCountWordsTests {
    @Test func aMachineLineNamesTheUsableCPUsOnlyWhereTheyAreFewer() {
        expectEqual(CPUCountWords.machine(model: "Xeon", count: 2, usable: 2), "Xeon × 2")
        expectEqual(CPUCountWords.machine(model: "Xeon", count: 16, usable: 1), "Xeon × 16, 1 usable by this process")
    }

    @Test func theDefaultsReadThisProcess() {
        let usable = UsableCPUs.count
        let machine = CPUCountWords.machine(model: "m", count: usable + 1)
        expectEqual(machine, "m × \(usable + 1), \(usable) usable by this process")
        expectEqual(CPUCountWords.usable(machine: usable), "\(usable) CPU\(usable == 1 ? "" : "s")")
    }
}
