import Foundation
import Testing

@testable import LabProcesses

@Suite("Waiting for a child's end")
struct ChildExitTests {
    /// A child that ends at once, leaving a grandchild that holds its output open for 20 s: the
    /// watch ends with the child, not with the pipe (nor at its 60 s limit).
    @Test func theWatchEndsWithTheChildThoughAGrandchildHoldsItsOutput() throws {
        let child = try SpawnedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 20 & echo $!; exit 3"], environment: nil,
            mergeErrors: true)
        let started = ContinuousClock.now
        let ending = child.watch(until: .now + .seconds(60))
        let waited = started.duration(to: .now)
        let grandchild = String(decoding: ending.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if let pid = pid_t(grandchild) { kill(pid, SIGKILL) }
        expectEqual(ending.status, 3)
        expect(!ending.timedOut && !ending.signalled, "it ended by itself")
        expect(pid_t(grandchild) != nil, "the grandchild's number was read while the pipe stayed open: \(grandchild)")
        expect(waited < .seconds(10), "the child's end was seen after \(waited), as if the pipe's end were awaited")
    }

    /// The wait itself: a child with no pipe, waited for with a limit of 30 s, is seen to end
    /// when it ends (where there is no pidfd, at the fallback's next look).
    @Test func aWaitWithALongLimitReturnsWhenTheChildEnds() throws {
        let child = try SpawnedProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 0.2"], environment: nil, mergeErrors: true,
            streams: .discarded)
        let exit = ChildExit(of: child.pid, fallbackMilliseconds: 5)
        let started = ContinuousClock.now
        var status: Int32 = 0
        var looks = 0
        while waitpid(child.pid, &status, WNOHANG) == 0 {
            var none: [pollfd] = []
            exit.wait(for: &none, atMost: .seconds(30))
            looks += 1
        }
        let waited = started.duration(to: .now)
        expect(waited < .seconds(20), "the end was seen after \(waited)")
        #if os(Linux)
            // One wait that returns with the child's end (a spurious wake-up or two at most).
            expect(looks <= 3, "\(looks) looks: the wait did not sleep until the child ended")
        #endif
    }
}
