import LabCore

@testable import LabBench

extension MachineProbes {
    /// Stand-ins that answer at once: a width of 2, and a gap of three 100 ns readings.
    static let instant = MachineProbes(executorWidth: { 2 }, handoffGap: { [100, 100, 100] })
}

extension BenchCommand {
    /// The command with `MachineProbes.instant`, for a test about anything but the probes: the
    /// real ones block the pool's threads (the width) and spin two threads (the handoff), which
    /// beside the rest of a parallel `swift test` mostly times the other tests.
    func probingInstantly() -> BenchCommand {
        var command = self
        command.probes = .instant
        return command
    }
}
