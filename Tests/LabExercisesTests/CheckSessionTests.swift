#if os(Linux)
    import Foundation
    import Testing
    @testable import LabExercises

    /// An audit's answer spun 256 threads (Dispatch queues of its own) while a class was graded:
    /// the scheduler shares a CPU between threads, so the checks beside it, a few threads each,
    /// got a sliver of the CPUs, and six correct answers failed their timing (a main actor that
    /// "froze" 908 ms, a wake-up 700 ms late). The supervisor now starts each check in a session
    /// of its own, which the check cannot leave (seccomp refuses setsid); with the kernel's
    /// autogroup the CPUs are shared between sessions first, so however many threads a check
    /// runs, they take one session's share.
    @Suite("A check runs in a session of its own")
    struct CheckSessionTests {
        /// `/proc/self/stat`'s fields after the command's name: state, parent, group, session, ….
        static func session(inStat line: String) -> String? {
            guard let close = line.range(of: ") ", options: .backwards) else { return nil }
            let fields = line[close.upperBound...].split(separator: " ")
            return fields.count > 3 ? String(fields[3]) : nil
        }

        @Test func theCheckIsInASessionAndAnAutogroupOfItsOwn() async throws {
            let result = try await Sandbox.runOffThePool(
                URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "cat /proc/self/stat; cat /proc/self/autogroup 2>/dev/null || echo none"],
                header: "x", limits: Sandbox.Limits())
            let lines = result.output.split(separator: "\n").map(String.init)
            try require(lines.count == 2, "\(result.output)")
            let session = try unwrap(Self.session(inStat: lines[0]), lines[0])
            expectNotEqual(session, "\(getsid(0))", "the check shares the grader's session")
            // The autogroup follows the session where the kernel has it turned on.
            let enabled = try? String(contentsOfFile: "/proc/sys/kernel/sched_autogroup_enabled", encoding: .utf8)
            let own = try? String(contentsOfFile: "/proc/self/autogroup", encoding: .utf8)
            if enabled?.hasPrefix("1") == true, let own {
                expectNotEqual(
                    lines[1], own.trimmingCharacters(in: .newlines), "the check shares the grader's autogroup")
            }
        }

        @Test func theSessionFieldIsReadAfterTheCommandsName() {
            expectEqual(Self.session(inStat: "12 (a b) c) S 10 12 9 0 -1"), "9")
            expectEqual(Self.session(inStat: "12 (sh) S"), nil)
        }
    }
#endif
