import Foundation
import LabCore
import LabProcesses
import LessonKit
import Lessons

/// A condition `lab stress` runs a command under. Each is real on the machine it names and
/// refused, in one line, where it cannot be made (macOS has no CPU affinity, and a narrowed
/// pool needs Linux's user namespaces).
enum StressLoad: String, CaseIterable, Codable, Sendable {
    /// Nothing added: the machine as it is.
    case none
    /// One process spinning a thread per usable CPU beside the command.
    case busy
    /// The command pinned to one CPU (`taskset -c N`).
    case oneCPU = "one-cpu"
    /// Both: the command and the spinning process share one CPU.
    case busyOneCPU = "busy+one-cpu"
    /// The command sees one CPU online, so Swift's global executor gets one thread.
    case narrowPool = "narrow-pool"

    var pinsToOneCPU: Bool { self == .oneCPU || self == .busyOneCPU }
    var addsBusyProcess: Bool { self == .busy || self == .busyOneCPU }

    /// Why this load cannot be made here, or nil.
    func unavailableReason(onPath find: (String) -> URL?) -> String? {
        #if os(Linux)
            if pinsToOneCPU, find("taskset") == nil { return "--load \(rawValue) needs taskset (util-linux) on PATH" }
            if self == .narrowPool, find("unshare") == nil {
                return "--load narrow-pool needs unshare (util-linux) on PATH"
            }
            return nil
        #else
            switch self {
            case .none, .busy: return nil
            case .oneCPU, .busyOneCPU: return "--load \(rawValue) needs Linux: macOS cannot pin a process to one CPU"
            case .narrowPool: return "--load narrow-pool needs Linux (a mount namespace that shows one CPU online)"
            }
        #endif
    }

    /// The first CPU this process may run on: the one a one-CPU run is pinned to.
    static let pinnedCPU = "0"

    /// The command line that runs `command` under this load.
    func wrap(_ command: [String], onPath find: (String) -> URL?) -> [String] {
        switch self {
        case .none, .busy: return command
        case .oneCPU, .busyOneCPU: return [find("taskset")?.path ?? "taskset", "-c", Self.pinnedCPU] + command
        case .narrowPool:
            // In a private mount namespace, cover the kernel's CPU lists with files naming CPU 0 only:
            // sysconf(_SC_NPROCESSORS_*) then says 1, and libdispatch sizes the pool from it. Measured
            // here: the pool width is 1 (2 outside). The files are removed once mounted.
            let script = """
                d=$(mktemp -d) || exit 125
                for f in online possible present; do echo 0 > "$d/$f"; mount --bind "$d/$f" /sys/devices/system/cpu/$f || exit 125; done
                rm -rf "$d"
                exec "$@"
                """
            return [
                find("unshare")?.path ?? "unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script, "sh",
            ]
                + command
        }
    }

    /// Starts the process that keeps the CPUs busy (the lab itself, running a child demo), or nil.
    /// Cancelling the returned task stops it.
    func startBusyProcess(lab: URL, onPath find: (String) -> URL?) -> Task<Void, Never>? {
        guard addsBusyProcess else { return nil }
        let command = (pinsToOneCPU ? StressLoad.oneCPU : StressLoad.none).wrap([lab.path], onPath: find)
        var environment = ProcessInfo.processInfo.environment
        environment[ChildDemo.environmentKey] = StressChildDemos.busyName
        return Task {
            _ = try? await ProcessCapture.run(
                URL(fileURLWithPath: command[0]), Array(command.dropFirst()), environment: environment,
                timeout: 24 * 3600)
        }
    }
}

/// Finds a program the way a shell does: a path as given, or the first match on PATH.
enum ProgramLookup {
    static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        let manager = FileManager.default
        if name.contains("/") {
            return manager.isExecutableFile(atPath: name) && !isFolder(name) ? URL(fileURLWithPath: name) : nil
        }
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            var isFolder: ObjCBool = false
            if manager.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
                manager.isExecutableFile(atPath: candidate)
            {
                return URL(fileURLWithPath: candidate)
            }
        }
        return nil
    }

    /// Whether `name` is a path to a folder (which is "executable" to the file system, not a program).
    static func isFolder(_ name: String) -> Bool {
        var isFolder: ObjCBool = false
        return name.contains("/") && FileManager.default.fileExists(atPath: name, isDirectory: &isFolder)
            && isFolder.boolValue
    }
}
