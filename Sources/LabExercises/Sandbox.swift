import CLabSandbox
import Foundation
import LabCore
import LabFiles
import LabProcesses

/// Runs a compiled check the way a grader must: through a trusted supervisor process
/// (C, CLabSandbox) that starts it confined — on Linux Landlock (read-only system and
/// toolchain folders, writable scratch folder only, no TCP, no signals outside its own
/// processes), seccomp (no ptrace, no other process's memory, no leaving its process group,
/// no mounts or namespaces), no capabilities even as root; on macOS a Seatbelt profile —
/// under limits on memory, CPU and file size, in a fresh folder with a scrubbed
/// environment, and stops every process it started when it ends. Two private
/// descriptors: fd 3 hands it this run's secret once, fd 4 carries its records back. Its
/// ordinary output is kept head and tail, so a flood cannot push out how it ended.
/// docs/THREAT-MODEL.md says what each layer stops, and what none does.
public enum Sandbox {
    public struct Limits: Sendable, Equatable {
        public var memoryBytes: UInt64 = 2 << 30
        public var cpuSeconds: UInt64 = 60
        public var fileSizeBytes: UInt64 = 64 << 20
        /// The scratch folder in all, watched by the supervisor (Linux): it is on the machine's
        /// shared temporary disk, which an answer filling would fail other students' checks (an
        /// audit's answer to 11 filled a small `/tmp` and 19's correct answer beside it failed).
        public var scratchBytes: UInt64 = 256 << 20
        public var scratchEntries: UInt64 = 10_000
        public var wallSeconds: Double = 15
        public init() {}
    }

    /// What the check may touch besides its scratch folder.
    public struct Policy: Sendable, Equatable {
        /// Folders and files it may read (and execute).
        public var readable: [String]
        /// Files or folders it may also write.
        public var writable: [String]
        /// Named for macOS's profile, which allows by default: folders it may neither read nor
        /// write (the lab, students' folders, progress). On Linux nothing outside `readable`
        /// and `writable` is reachable anyway.
        public var protected: [String]
        /// Tests: confine as a kernel with at most this Landlock ABI would (-1: none).
        var landlockABILimit: Int32 = 0

        public init(
            readable: [String] = Policy.systemFolders + Policy.toolchainFolders(), writable: [String] = ["/dev/null"],
            protected: [String] = []
        ) {
            self.readable = readable
            self.writable = writable
            self.protected = protected
        }

        /// What any program needs to start and run: the system's libraries and settings,
        /// the CPU count (Dispatch reads it under /sys), randomness, and /proc read-only:
        /// Dispatch's worker monitor reads `/proc/<thread>/stat` and crashes the process when
        /// it cannot (seen: SIGILL in 4 checks of 10). What /proc then gives is bounded
        /// elsewhere: Landlock refuses ptrace-mode access (memory, descriptors, environment)
        /// to any process outside the check's own sandbox, the grader is undumpable, the
        /// check's secret lives in memory /proc/self/mem cannot read (memfd_secret), and
        /// its channel is a socket, which /proc/self/fd cannot reopen.
        public static let systemFolders = [
            "/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/etc", "/proc",
            "/sys/devices/system/cpu", "/dev/urandom", "/dev/random", "/dev/zero",
        ]

        /// The Swift toolchain's libraries, wherever it is installed (`/opt/swift`, swiftly's
        /// folder under a home): the folder of the runtime this grader runs on (built by the
        /// same toolchain as the checks), and the `lib` folder beside the `swift` found on PATH.
        public static func toolchainFolders(environment: [String: String] = ProcessInfo.processInfo.environment)
            -> [String]
        {
            var folders: [String] = []
            if let runtime = lab_sandbox_swift_runtime_path() {
                folders.append(
                    URL(fileURLWithPath: String(cString: runtime)).resolvingSymlinksInPath().deletingLastPathComponent()
                        .path)
            }
            let path = environment["PATH"] ?? "/usr/bin:/bin"
            for folder in path.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
                guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
                let usr = candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                folders.append(usr.appendingPathComponent("lib").path)
                break
            }
            return folders
        }
    }

    /// A scratch folder's contents as the supervisor counted them.
    public struct ScratchUse: Sendable, Equatable {
        public let bytes: UInt64
        /// Files and folders; nil where folders were nested deeper than the supervisor looks.
        public let entries: UInt64?
    }

    public struct Result: Sendable {
        public let exitStatus: Int32?
        public let signal: Int32?
        public let timedOut: Bool
        /// Standard output and error together: the first and last parts of a long output.
        public let output: String
        /// Lines received on fd 4, as sent (secret included).
        public let records: [String]
        public let limits: Limits
        /// The confinement the check got, as the supervisor reported it (e.g. `landlock=7 seccomp=1 capabilities=0`).
        public var confinement: String = ""
        /// One line each for a feature this machine lacks.
        public var notes: [String] = []
        /// Processes the check left running after it ended (all stopped by the supervisor).
        public var strays = 0
        /// macOS: the resident size at which the supervisor stopped the check.
        public var stoppedAtMemory: UInt64?
        /// What its scratch folder held when the supervisor stopped the check for it.
        public var stoppedAtScratch: ScratchUse?
        /// The supervisor itself ended without saying how the check ended.
        public var supervisorLost = false
        /// Seconds the check waited for a CPU it could have used, added to its wall clock (Linux).
        public var waitedForCPU: Double = 0

        public init(
            exitStatus: Int32?, signal: Int32?, timedOut: Bool, output: String, records: [String], limits: Limits
        ) {
            self.exitStatus = exitStatus
            self.signal = signal
            self.timedOut = timedOut
            self.output = output
            self.records = records
            self.limits = limits
        }
    }

    /// Whether the kernel keeps a check out of the lab folder here (Landlock on Linux, asked of
    /// the kernel as the supervisor asks it; the Seatbelt profile on macOS, always there). Without
    /// it a check may write the shared build's objects, so a batch's checks must not run while
    /// another batch links against them (`BatchGrading` then keeps its lock through its runs).
    static var confinesFiles: Bool {
        #if os(Linux)
            return lab_sandbox_landlock_abi() >= 1
        #else
            return true
        #endif
    }

    /// How a check's scratch folder in `$TMPDIR` is named: `lab-check-<UUID>`.
    static let scratchPrefix = "lab-check-"

    static let keptHead = 16 * 1024
    static let keptTail = 48 * 1024

    /// The channel's records, one a line, split on the newline byte: split as a `String`, a `\r`
    /// the check's text ended with would join the next record's newline into one character
    /// (`\r\n`) and hide that record in the line before (an audit's note; the C side replaces
    /// only `\n` in a record's text).
    static func recordLines(_ bytes: Data) -> [String] {
        bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Blocks the calling thread until the check and everything it started are gone. The
    /// supervisor dies with the thread that started it (Linux's parent-death signal is per
    /// thread), so run it on a thread that outlives the call, as this blocking call does.
    public static func run(
        _ executable: URL, arguments: [String] = [], header: String, limits: Limits,
        policy: Policy = Policy()
    ) throws -> Result {
        // The grader's own /proc entries (descriptors, memory) closed to processes without capabilities.
        lab_sandbox_protect_grader()
        // Owned (see OwnedFolder): a check stopped with the lab (Ctrl-C) leaves its scratch, and
        // the next lab process to run a check removes it.
        let temporary = FileManager.default.temporaryDirectory
        OwnedFolder.sweepOnce(in: temporary, prefix: scratchPrefix)
        let scratch = try OwnedFolder(temporary.appendingPathComponent(scratchPrefix + UUID().uuidString))
        defer { scratch.remove() }
        let folder = scratch.url
        // SWIFT_BACKTRACE off: on a crash the runtime would start a backtracer process (which
        // the sandbox neither lets read the crashed process nor lets outlive it); the runtime's
        // own "Fatal error" line, printed first, is what a verdict explains.
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(folder.path)", "TMPDIR=\(folder.path)", "LANG=C.UTF-8", "NO_COLOR=1",
            "SWIFT_BACKTRACE=enable=no",
        ]

        // The secret and the records travel on sockets, not pipes: a pipe's end can be opened
        // again through /proc/self/fd (read end included), a socket's cannot.
        let secretPipe = try makeSocketPair()
        let recordPipe = try makeSocketPair()
        let outputPipe = try makePipe()
        let reportPipe = try makePipe()
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        let readable = (policy.readable + [executable.path]).map { strdup($0) } + [nil]
        let writable = policy.writable.map { strdup($0) } + [nil]
        let protected = policy.protected.map { strdup($0) } + [nil]
        let strings = [strdup(executable.path), strdup(folder.path)]
        defer { for pointer in argv + envp + readable + writable + protected + strings { free(pointer) } }

        var supervisor = pid_t()
        let spawned: Int32 = argv.withUnsafeBufferPointer { argvBuffer in
            envp.withUnsafeBufferPointer { envpBuffer in
                readable.withUnsafeBufferPointer { readableBuffer in
                    writable.withUnsafeBufferPointer { writableBuffer in
                        protected.withUnsafeBufferPointer { protectedBuffer in
                            // `char *const *` in C: the arrays are only read there.
                            var spec = lab_sandbox_spec()
                            spec.executable = UnsafePointer(strings[0])
                            spec.argv = argvBuffer.baseAddress
                            spec.envp = envpBuffer.baseAddress
                            spec.scratch = UnsafePointer(strings[1])
                            spec.readable = UnsafeRawPointer(readableBuffer.baseAddress!).assumingMemoryBound(
                                to: UnsafePointer<CChar>?.self)
                            spec.writable = UnsafeRawPointer(writableBuffer.baseAddress!).assumingMemoryBound(
                                to: UnsafePointer<CChar>?.self)
                            spec.protected_paths = UnsafeRawPointer(protectedBuffer.baseAddress!).assumingMemoryBound(
                                to: UnsafePointer<CChar>?.self)
                            spec.memory_bytes = limits.memoryBytes
                            spec.cpu_seconds = limits.cpuSeconds
                            spec.file_size_bytes = limits.fileSizeBytes
                            spec.scratch_bytes = limits.scratchBytes
                            spec.scratch_entries = limits.scratchEntries
                            spec.wall_seconds = limits.wallSeconds
                            spec.descriptors = (
                                -1, outputPipe.write, outputPipe.write, secretPipe.read, recordPipe.write
                            )
                            spec.report_descriptor = reportPipe.write
                            spec.landlock_abi_limit = policy.landlockABILimit
                            return lab_sandbox_spawn(&spec, &supervisor)
                        }
                    }
                }
            }
        }
        for descriptor in [secretPipe.read, recordPipe.write, outputPipe.write, reportPipe.write] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [secretPipe.write, recordPipe.read, outputPipe.read, reportPipe.read] {
                close(descriptor)
            }
            throw SandboxError.cannotStart(executable.path, String(cString: strerror(spawned)))
        }
        // Without SIGPIPE: a check that already ended must not take the grader with it.
        let line = header + "\n"
        #if os(Linux)
            _ = line.withCString { send(secretPipe.write, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        #else
            _ = line.withCString { write(secretPipe.write, $0, strlen($0)) }  // SO_NOSIGPIPE is set on Darwin's socket
        #endif
        close(secretPipe.write)

        var records = Data()
        var output = OutputKeeper()
        var report = Data()
        var status: Int32 = 0
        // The supervisor enforces the wall clock (lengthened by the check's wait for a CPU, up to
        // twice); this is the backstop should it hang.
        let deadline = Date().addingTimeInterval(2 * limits.wallSeconds + 10)
        var finished = false
        var abandoned = false
        // The supervisor's end polled beside its pipes (`ChildExit`); where it cannot be, looked
        // for every 20 ms. The backstop's deadline is looked at every second at least.
        let supervisorExit = ChildExit(of: supervisor, fallbackMilliseconds: 20)
        // A pipe is polled until its end: once the check has exited its two pipes are closed
        // while the supervisor still sweeps, and a closed pipe left in the set would wake every
        // poll at once (a loop spinning on one CPU beside the supervisor it waits for).
        var pipes = PolledPipes([recordPipe.read, outputPipe.read, reportPipe.read])
        while !finished {
            var descriptors = pipes.pollSet
            supervisorExit.wait(for: &descriptors, atMost: .seconds(1))
            for (descriptor, chunk) in pipes.read(after: descriptors) {
                switch descriptor {
                case recordPipe.read: records.append(chunk)
                case outputPipe.read: output.append(chunk)
                default: report.append(chunk)
                }
            }
            if waitpid(supervisor, &status, WNOHANG) == supervisor {
                finished = true
            } else if Date() > deadline {
                abandoned = true
                if let check = SupervisorReport(report).checkProcess { kill(-check, SIGKILL) }
                kill(supervisor, SIGKILL)
                waitpid(supervisor, &status, 0)
                finished = true
            }
        }
        // What is left in the pipes, without waiting for end-of-file (the supervisor has stopped
        // the check's tree, but one it abandoned may still hold a write end).
        records.append(readAvailable(recordPipe.read, untilEmpty: true))
        output.append(readAvailable(outputPipe.read, untilEmpty: true))
        report.append(readAvailable(reportPipe.read, untilEmpty: true))
        for descriptor in [recordPipe.read, outputPipe.read, reportPipe.read] { close(descriptor) }

        let facts = SupervisorReport(report)
        if let error = facts.execFailed {
            throw SandboxError.cannotStart(executable.path, String(cString: strerror(error)))
        }
        let ended = facts.waitStatus
        let signal = ended.map { $0 & 0x7f } ?? 0
        var result = Result(
            exitStatus: ended != nil && signal == 0 ? (ended! >> 8) & 0xff : nil,
            signal: ended != nil && signal != 0 ? signal : nil,
            timedOut: facts.timedOut || abandoned,
            output: output.text,
            records: Self.recordLines(records),
            limits: limits)
        result.confinement = facts.confinement
        result.notes = facts.notes
        result.strays = facts.strays
        result.stoppedAtMemory = facts.memory
        result.stoppedAtScratch = facts.scratch
        result.waitedForCPU = facts.waitedForCPU
        result.supervisorLost = ended == nil && !facts.timedOut && facts.memory == nil && facts.scratch == nil
        return result
    }

    struct PipeEnds {
        let read: Int32
        let write: Int32
    }

    /// A connected pair of stream sockets, above 10 and close-on-exec like `makePipe`'s.
    /// Either end can read and write; `read` and `write` name the ends as the pipe's would be used.
    static func makeSocketPair() throws -> PipeEnds {
        var ends: [Int32] = [0, 0]
        // Glibc imports SOCK_STREAM as an enum, Darwin as an Int32.
        #if canImport(Glibc)
            let stream = Int32(SOCK_STREAM.rawValue)
        #else
            let stream = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, stream, 0, &ends) == 0 else {
            throw SandboxError.cannotStart("socketpair", String(cString: strerror(errno)))
        }
        let moved = ends.map { descriptor -> Int32 in
            let high = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
            close(descriptor)
            #if canImport(Darwin)
                var on: Int32 = 1
                setsockopt(high, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            return high
        }
        return PipeEnds(read: moved[0], write: moved[1])
    }

    /// A pipe whose descriptors are above 10 and close on exec: the check gets only what
    /// the launcher places at 0–4.
    static func makePipe() throws -> PipeEnds {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SandboxError.cannotStart("pipe", String(cString: strerror(errno))) }
        let moved = ends.map { descriptor -> Int32 in
            let high = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
            close(descriptor)
            return high
        }
        return PipeEnds(read: moved[0], write: moved[1])
    }

    /// A poll's worth of a pipe (up to 1 MB, so one flooding pipe cannot starve the
    /// other), or all of it once the child has exited.
    static func readAvailable(_ descriptor: Int32, untilEmpty: Bool = false) -> Data {
        ProcessCapture.readAvailable(descriptor, limit: untilEmpty ? .max : pollReadLimit)
    }

    static let pollReadLimit = 1 << 20

    /// The pipes still open, polled together: one whose writers have all gone (hung up, and read
    /// to its end) leaves the set.
    struct PolledPipes {
        private(set) var open: [Int32]

        init(_ descriptors: [Int32]) { open = descriptors }

        var pollSet: [pollfd] { open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }

        /// What each ready pipe holds now, after a poll of `pollSet`; a pipe hung up and read to
        /// its end (less than a poll's worth was there), or no longer valid, is no longer polled.
        mutating func read(after polled: [pollfd]) -> [(descriptor: Int32, chunk: Data)] {
            var chunks: [(Int32, Data)] = []
            var ended: Set<Int32> = []
            for entry in polled where entry.revents != 0 && open.contains(entry.fd) {
                let chunk = Sandbox.readAvailable(entry.fd)
                if !chunk.isEmpty { chunks.append((entry.fd, chunk)) }
                let hungUp = entry.revents & Int16(POLLHUP | POLLERR) != 0 && chunk.count < Sandbox.pollReadLimit
                if hungUp || entry.revents & Int16(POLLNVAL) != 0 { ended.insert(entry.fd) }
            }
            open.removeAll { ended.contains($0) }
            return chunks
        }
    }

    /// Keeps the first and the last part of an output of any size.
    struct OutputKeeper {
        var head = Data()
        var tail = Data()
        var dropped = 0

        mutating func append(_ chunk: Data) {
            var chunk = chunk[...]
            if head.count < Sandbox.keptHead {
                let taken = chunk.prefix(Sandbox.keptHead - head.count)
                head.append(contentsOf: taken)
                chunk = chunk.dropFirst(taken.count)
            }
            tail.append(contentsOf: chunk)
            if tail.count > Sandbox.keptTail * 2 {
                dropped += tail.count - Sandbox.keptTail
                tail = Data(tail.suffix(Sandbox.keptTail))
            }
        }

        var text: String {
            var tailPart = tail
            var cut = dropped
            if tailPart.count > Sandbox.keptTail {
                cut += tailPart.count - Sandbox.keptTail
                tailPart = Data(tailPart.suffix(Sandbox.keptTail))
            }
            let middle = cut > 0 ? "\n… (\(cut) bytes of output cut; the end follows)\n" : ""
            return String(decoding: head, as: UTF8.self) + middle + String(decoding: tailPart, as: UTF8.self)
        }
    }
}

public enum SandboxError: Error, CustomStringConvertible {
    case cannotStart(String, String)
    public var description: String {
        switch self {
        case .cannotStart(let what, let why): "cannot start \(what): \(why)"
        }
    }
}
