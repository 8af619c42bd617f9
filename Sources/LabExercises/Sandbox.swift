import CLabShims
import LabKit
import Foundation

/// Runs a compiled check the way a grader must: in its own process group (so a
/// child it forks dies with it), in a fresh temporary folder with a scrubbed
/// environment (it cannot find the lab folder or the student's progress), under
/// limits on memory, CPU and file size, and with two private descriptors: fd 3
/// hands it this run's secret once, fd 4 carries its records back. Its ordinary
/// output is kept head and tail, so a flood cannot push out how it ended.
public enum Sandbox {
    public struct Limits: Sendable, Equatable {
        public var memoryBytes: UInt64 = 2 << 30
        public var cpuSeconds: UInt64 = 60
        public var fileSizeBytes: UInt64 = 64 << 20
        public var wallSeconds: Double = 15
        public init() {}
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
    }

    static let keptHead = 16 * 1024
    static let keptTail = 48 * 1024

    public static func run(_ executable: URL, arguments: [String] = [], header: String, limits: Limits) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(folder.path)", "TMPDIR=\(folder.path)", "LANG=C.UTF-8", "NO_COLOR=1"]

        let secretPipe = try makePipe(), recordPipe = try makePipe(), outputPipe = try makePipe()
        // Darwin declares these two types as opaque pointers, glibc as structs.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 2)
        posix_spawn_file_actions_adddup2(&actions, secretPipe.read, 3)
        posix_spawn_file_actions_adddup2(&actions, recordPipe.write, 4)
        lab_spawn_add_chdir(&actions, folder.path)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigfillset(&defaultSignals)
        var noSignalsBlocked = sigset_t()
        sigemptyset(&noSignalsBlocked)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignalsBlocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
        for descriptor in [secretPipe.read, recordPipe.write, outputPipe.write] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [secretPipe.write, recordPipe.read, outputPipe.read] { close(descriptor) }
            throw SandboxError.cannotStart(executable.path, String(cString: strerror(spawned)))
        }
        let line = header + "\n"
        _ = line.withCString { write(secretPipe.write, $0, strlen($0)) }
        close(secretPipe.write)

        var records = Data(), output = OutputKeeper()
        var status: Int32 = 0
        var timedOut = false
        let deadline = Date().addingTimeInterval(limits.wallSeconds)
        var finished = false
        while !finished {
            var descriptors = [pollfd(fd: recordPipe.read, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: outputPipe.read, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, 20)
            if descriptors[0].revents != 0 { records.append(readAvailable(recordPipe.read)) }
            if descriptors[1].revents != 0 { output.append(readAvailable(outputPipe.read)) }
            if waitpid(pid, &status, WNOHANG) == pid {
                finished = true
            } else if Date() > deadline {
                timedOut = true
                kill(-pid, SIGKILL)
                waitpid(pid, &status, 0)
                finished = true
            }
        }
        // Whatever is still in the pipes, without waiting for end-of-file: a grandchild
        // may hold the write ends, and it is about to be stopped with the whole group.
        records.append(readAvailable(recordPipe.read, untilEmpty: true))
        output.append(readAvailable(outputPipe.read, untilEmpty: true))
        kill(-pid, SIGKILL)
        close(recordPipe.read)
        close(outputPipe.read)

        let signal = status & 0x7f
        return Result(exitStatus: signal == 0 ? (status >> 8) & 0xff : nil,
                      signal: signal == 0 || timedOut ? nil : signal,
                      timedOut: timedOut,
                      output: output.text,
                      records: String(decoding: records, as: UTF8.self).split(separator: "\n").map(String.init),
                      limits: limits)
    }

    struct PipeEnds { let read: Int32; let write: Int32 }

    /// A pipe whose descriptors are above 10 and close on exec: the child gets only
    /// what the spawn's actions give it, at 0–4.
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
        ProcessCapture.readAvailable(descriptor, limit: untilEmpty ? .max : 1 << 20)
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
