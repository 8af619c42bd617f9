#if os(Linux)
    import Foundation
    import Testing
    @testable import LabExercises

    /// The supervisor is a fork of the grader, so it starts with every descriptor the grader has:
    /// other checks' pipes among them. It closes all but its report before it watches the check
    /// (in one call where the kernel has close_range): one it kept open would hold another
    /// check's pipe open, and that check's output would not end until this check's did.
    @Suite("The supervisor keeps none of the grader's descriptors")
    struct SupervisorDescriptorTests {
        @Test func aPipeOfTheGradersEndsWhileTheCheckStillRuns() async throws {
            // A pipe as the grader makes one for each check, close-on-exec, so that no program
            // another test starts meanwhile holds it: only a fork that does not exec (the
            // supervisor) keeps it.
            let pipe = try Sandbox.makePipe()
            defer { close(pipe.read) }
            // The check is this shell, known by a word of its own on its command line (a first
            // run of the sandbox may start a probe of its own meanwhile). It sleeps far longer
            // than the test takes: the test stops it once it has seen what it looks for.
            let marker = "supervisor-descriptors-\(UUID().uuidString)"
            var limits = Sandbox.Limits()
            limits.wallSeconds = 60
            let run = Task {
                try await Sandbox.runOffThePool(
                    URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "sleep 60; : \(marker)"], header: "x",
                    limits: limits)
            }
            // The shell, once it runs, is the child of the supervisor, which forked it just before
            // it closes what it holds.
            var check: Int32?
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while check == nil && clock.now < deadline {
                check = Self.children(of: getpid()).lazy.flatMap { Self.children(of: $0) }.first {
                    Self.commandLine(of: $0).contains(marker)
                }
                if check == nil { try await Task.sleep(for: .milliseconds(5)) }
            }
            close(pipe.write)
            let shell = try #require(check, "no check of this test's was seen running in 30 s")
            // End of file comes once no process holds the write end: at once, if the supervisor
            // closed its copy; only when the supervisor exits, after the check, if it kept it.
            var endedWhileTheCheckRan = false
            while Self.commandLine(of: shell).contains(marker) {
                var readable = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
                guard poll(&readable, 1, 20) == 1 else { continue }
                var byte: UInt8 = 0
                endedWhileTheCheckRan = read(pipe.read, &byte, 1) == 0 && Self.commandLine(of: shell).contains(marker)
                break
            }
            if Self.commandLine(of: shell).contains(marker) { kill(shell, SIGKILL) }
            _ = try await run.value
            #expect(endedWhileTheCheckRan, "the supervisor held the grader's pipe until the check ended")
        }

        /// A process's children (every thread's: a fork's child is its thread's).
        static func children(of pid: Int32) -> [Int32] {
            let tasks = "/proc/\(pid)/task"
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
            return threads.flatMap { thread in
                ((try? String(contentsOfFile: "\(tasks)/\(thread)/children", encoding: .utf8)) ?? "")
                    .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }

        /// A process's arguments, joined by spaces; empty where it cannot be read (it has ended).
        static func commandLine(of pid: Int32) -> String {
            let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
            return String(decoding: bytes.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        }
    }
#endif
