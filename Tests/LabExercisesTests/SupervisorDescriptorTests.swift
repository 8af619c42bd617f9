#if os(Linux)
    import Foundation
    import LabCore
    import Testing
    @testable import LabExercises

    /// The supervisor is a fork of the grader, so it starts with every descriptor the grader has:
    /// other checks' pipes among them. It closes all but its report before it watches the check
    /// (in one call where the kernel has close_range): one it kept open would hold another
    /// check's pipe open, and that check's output would not end until this check's did.
    @Suite("The supervisor keeps none of the grader's descriptors")
    struct SupervisorDescriptorTests {
        enum Seen: Equatable {
            case noCheck
            case endedWhileTheCheckRan
            case endedOnlyAfterTheCheck
        }

        @Test func aPipeOfTheGradersEndsWhileTheCheckStillRuns() async throws {
            // A pipe as the grader makes one for each check, close-on-exec, so that no program
            // another test starts meanwhile holds it: only a fork that does not exec (the
            // supervisor) keeps it.
            let pipe = try Sandbox.makePipe()
            // The check is this shell, known by a word of its own on its command line (a first
            // run of the sandbox may start a probe of its own meanwhile). It sleeps far longer
            // than the test takes once it has started: the test stops it once it has seen what
            // it looks for.
            let marker = "supervisor-descriptors-\(UUID().uuidString)"
            let limits = {
                var limits = Sandbox.Limits()
                limits.wallSeconds = 30
                return limits
            }()
            // The run and the watch each on a thread of their own, neither on the pool: the watch
            // waits in `poll` and `usleep`, and on a one-thread pool (CI's one-CPU lane) a whole
            // suite's tasks queue for that thread (a run started from a task there began more
            // than 30 s later).
            let seen = await OnAThreadOfItsOwn.blockingWork(named: "descriptor watch") { () -> Seen in
                let ended = Locked(false)
                let run = Thread {
                    _ = try? Sandbox.run(
                        URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "sleep 20; : \(marker)"], header: "x",
                        limits: limits)
                    ended.withLock { $0 = true }
                }
                run.start()
                let seen = Self.watch(pipe, marker: marker) { ended.withLock { $0 } }
                while !ended.withLock({ $0 }) { usleep(5_000) }
                return seen
            }
            #expect(seen == .endedWhileTheCheckRan)
        }

        /// Waits for the check to run (the shell: the supervisor forked it just before it closes
        /// what it holds), closes this process's write end, and says whether end of file came while
        /// the check still ran: at once if the supervisor closed its copy, only when it exits (after
        /// the check) if it kept it. Stops the check once it has seen.
        static func watch(_ pipe: Sandbox.PipeEnds, marker: String, runEnded: () -> Bool) -> Seen {
            defer { close(pipe.read) }
            let running = { SandboxAttackTests.processesMentioning(marker) }
            var check = running().first
            while check == nil && !runEnded() {
                usleep(5_000)
                check = running().first
            }
            close(pipe.write)
            guard let check else { return .noCheck }
            var seen = Seen.endedOnlyAfterTheCheck
            while running().contains(check) {
                var readable = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
                guard poll(&readable, 1, 20) == 1 else { continue }
                var byte: UInt8 = 0
                if read(pipe.read, &byte, 1) == 0 && running().contains(check) { seen = .endedWhileTheCheckRan }
                break
            }
            if running().contains(check) { kill(check, SIGKILL) }
            return seen
        }
    }
#endif
