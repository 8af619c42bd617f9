import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn` and watched with `waitpid`, never with signals.
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended from a SIGCHLD handler.
/// Under the thread sanitizer a signal is handled only when the thread it landed on next enters
/// an intercepted call, and Foundation's socket thread loops in `select`, which is not one: the
/// signal waited there forever, the child stayed a zombie and its parent hung (seen on
/// 2026-11-25, about 1 run in 8 of the continuations lesson built with `--sanitize=thread`).
/// Asking the kernel with `waitpid` needs no signal at all.
struct SpawnedProcess: Sendable {
    let pid: pid_t
    /// The read ends of the child's standard output and (unless merged) standard error.
    let output: Int32
    let errors: Int32?

    /// Where a child's standard input, output and error go.
    enum Streams {
        /// Input from /dev/null, output and errors piped to us (to `watch`).
        case captured
        /// All three on /dev/null.
        case discarded
        /// All three on this descriptor (a terminal, say).
        case shared(Int32)
    }

    /// Starts `executable` with its standard streams where `streams` says.
    static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]?, mergeErrors: Bool,
        streams: Streams = .captured
    ) throws -> SpawnedProcess {
        let captured = if case .captured = streams { true } else { false }
        let output = captured ? try Self.pipe() : (read: -1, write: -1)
        let errors = mergeErrors || !captured ? nil : try Self.pipe()
        defer {
            if captured { close(output.write) }
            if let errors { close(errors.write) }
        }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch streams {
        case .captured:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, output.write, 1)
            posix_spawn_file_actions_adddup2(&actions, errors?.write ?? output.write, 2)
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .shared(let descriptor):
            for standard: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, descriptor, standard) }
        }
        // Then nothing else of ours reaches the child: no descriptor past the three standard ones.
        // (A child that inherits, say, the test runner's pipe and crashes starts the Swift
        // backtracer, which inherits it too; a backtracer stuck under the thread sanitizer then
        // kept that pipe open and the test runner waiting for its end, seen on 2026-11-25.)
        Self.closeTheRest(&actions)
        // The child starts with no signal blocked and every signal at its default action, whatever
        // the spawning thread had (dispatch's threads block several).
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        var allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        #if canImport(Darwin)
            // Darwin's way of closing every descriptor not named in the file actions.
            let closeDefault = POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
            let closeDefault: Int32 = 0
        #endif
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | closeDefault))

        let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = Self.withCStrings([executable.path] + arguments) { argv in
            Self.withCStrings(environment) { envp in
                posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            if captured { close(output.read) }
            if let errors { close(errors.read) }
            throw CocoaError(
                status == ENOENT ? .fileNoSuchFile : .fileReadUnknown,
                userInfo: [
                    NSLocalizedDescriptionKey: "cannot start \(executable.path): \(String(cString: strerror(status)))"
                ])
        }
        for descriptor in [output.read, errors?.read].compactMap({ $0 }) where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return SpawnedProcess(pid: pid, output: output.read, errors: errors?.read)
    }

    /// How a watched child ended.
    struct Ending {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var output = Data()
        var errors = Data()
    }

    /// Collects the child's output until it ends, holding the calling thread (a dedicated one, or a
    /// synchronous caller's). Past `deadline`, or once `stop()` says so, the child gets SIGTERM,
    /// and SIGKILL 0.2 s later. Output is read while the child runs (a full pipe would stall it)
    /// and never awaited to end-of-file: a grandchild that inherited the pipe may hold it open.
    func watch(until deadline: ContinuousClock.Instant, stop: () -> Bool = { false }) -> Ending {
        var ending = Ending(status: 0, signalled: false, timedOut: false)
        var open = [output, errors].compactMap { $0 }.filter { $0 >= 0 }
        var terminatedAt: ContinuousClock.Instant?
        var waitStatus: Int32 = 0
        // Where the child's end cannot be polled, at most 5 ms between looks at it: the latency of
        // noticing its end. A `stop()` is asked at least every 100 ms; past the deadline, and
        // once SIGKILL is sent (again at each look until the child is gone), every 5 ms.
        let exit = ChildExit(of: pid, fallbackMilliseconds: 5)
        while true {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let next = terminatedAt.map { $0 + .milliseconds(200) } ?? deadline
            let untilNext = ContinuousClock.now.duration(to: next)
            exit.wait(for: &descriptors, atMost: max(.milliseconds(5), min(.milliseconds(100), untilNext)))
            open = open.filter { collect(from: $0, into: &ending) }
            let reaped = waitpid(pid, &waitStatus, WNOHANG)
            if reaped == pid || (reaped == -1 && errno != EINTR) { break }
            let now = ContinuousClock.now
            if let terminatedAt {
                if now - terminatedAt >= .milliseconds(200) { kill(pid, SIGKILL) }
            } else if now >= deadline || stop() {
                ending.timedOut = true
                kill(pid, SIGTERM)
                terminatedAt = now
            }
        }
        for descriptor in open { _ = collect(from: descriptor, into: &ending) }
        for descriptor in [output, errors].compactMap({ $0 }) where descriptor >= 0 { close(descriptor) }
        (ending.status, ending.signalled) = Self.decode(waitStatus)
        return ending
    }

    /// `waitpid`'s status as (exit status or signal number, whether a signal ended it): the C
    /// macros (WIFEXITED and friends) do not reach Swift.
    static func decode(_ waitStatus: Int32) -> (status: Int32, signalled: Bool) {
        let signal = waitStatus & 0x7f
        let signalled = signal != 0 && signal != 0x7f
        return (signalled ? signal : (waitStatus >> 8) & 0xff, signalled)
    }

    /// Reads what `descriptor` holds now into the right buffer (each kept under 4 MB); false at
    /// its end.
    private func collect(from descriptor: Int32, into ending: inout Ending) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { return false }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            if descriptor == output {
                if ending.output.count < 4_000_000 { ending.output.append(buffer, count: count) }
            } else if ending.errors.count < 4_000_000 {
                ending.errors.append(buffer, count: count)
            }
        }
    }

    #if os(Linux)
        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run
        /// time: Swift's Glibc module does not declare it. Older glibc: nil, and the child
        /// inherits what is not close-on-exec, as it did with Foundation's Process there.
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        // unsafeBitCast: dlsym returns an untyped pointer; the type above is glibc's declared
        // signature (spawn.h), the only way to call a C function that Swift cannot import.
        private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }

        private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
            _ = closeFrom?(&actions, 3)
        }
    #else
        /// Darwin closes the rest with POSIX_SPAWN_CLOEXEC_DEFAULT (see `start`).
        private static func closeTheRest(_ actions: inout posix_spawn_file_actions_t?) {}
    #endif

    /// A pipe whose ends close on exec, so a child keeps only the copies it is given.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        // (Linux's pipe2 would set the flag atomically, but Swift's Glibc module does not offer it; a
        // process another thread spawns in between inherits the ends, which costs nothing here:
        // output is never awaited to end-of-file.)
        let made = Foundation.pipe(&ends)
        if made == 0 { for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } }
        guard made == 0 else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSLocalizedDescriptionKey: "cannot make a pipe: \(String(cString: strerror(errno)))"])
        }
        return (ends[0], ends[1])
    }

    /// C strings for `posix_spawn`'s argv and envp, freed when `body` returns.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
