import Foundation

/// What the sandbox's supervisor said about a check's run (see CLabSandbox.h): facts
/// the grader learns from the kernel through a process no student code runs in, not
/// from the check.
struct SupervisorReport: Equatable {
    var confinement = ""
    var notes: [String] = []
    var checkProcess: pid_t?
    var waitStatus: Int32?
    var timedOut = false
    /// Seconds the check waited for a CPU, by which its wall clock was lengthened (see CLabSandbox.h).
    var waitedForCPU: Double = 0
    var memory: UInt64?
    /// Its scratch folder past a limit: `scratch-entries` (-1: nested too deep), then `scratch`.
    var scratch: Sandbox.ScratchUse?
    private var scratchEntries: Int64?
    var strays = 0
    var execFailed: Int32?

    init(_ data: Data) { self.init(lines: String(decoding: data, as: UTF8.self)) }

    init(lines text: String) {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            let value = parts.count > 1 ? parts[1] : ""
            switch parts.first {
            case "sandbox": confinement = value
            case "note": notes.append(value)
            case "started": checkProcess = pid_t(value)
            case "ended": waitStatus = Int32(value)
            case "timeout": timedOut = true
            case "cpu-wait-ms": waitedForCPU = (Double(value) ?? 0) / 1000
            case "memory": memory = UInt64(value)
            case "scratch-entries": scratchEntries = Int64(value)
            case "scratch":
                let entries = scratchEntries ?? -1
                scratch = Sandbox.ScratchUse(bytes: UInt64(value) ?? 0, entries: entries < 0 ? nil : UInt64(entries))
            case "strays": strays = Int(value) ?? 0
            case "exec-failed": execFailed = Int32(value) ?? EIO
            default: continue
            }
        }
    }
}
