import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// Children are started with posix_spawn and reaped with waitpid: no SIGCHLD handler is needed
/// to learn that one ended (the thread sanitizer left Foundation's handler pending forever).
@Suite("Child processes are watched without signals")
struct SpawnedProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aChildKilledByASignalIsACrashWithThatSignal() throws {
        let result = try ProcessCapture.run(Self.shell, ["-c", "kill -SEGV $$"])
        expect(result.crashed)
        expectEqual(result.status, SIGSEGV)
    }

    /// More than a pipe holds (64 KB): read while the child runs, or it would stall.
    @Test func outputLargerThanAPipeIsCollectedWhole() throws {
        let result = try ProcessCapture.run(Self.shell, ["-c", "head -c 1000000 /dev/zero | tr '\\\\0' x"])
        expectEqual(result.status, 0)
        expectEqual(result.standardOutput.count, 1_000_000)
    }

    /// A grandchild that keeps the output pipe open does not keep the wait going.
    @Test func aGrandchildHoldingThePipeDoesNotHoldTheWait() throws {
        let started = ContinuousClock.now
        let result = try ProcessCapture.run(Self.shell, ["-c", "sleep 30 & echo parent done"], timeout: 60)
        expectEqual(result.standardOutput, "parent done\n")
        expect(!result.timedOut)
        expectBelow(ContinuousClock.now - started, .seconds(20), "the wait ended with the child, not the grandchild")
    }

    /// The child starts with no signal blocked, whatever the spawning thread had blocked.
    @Test func theChildStartsWithNoSignalBlocked() throws {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try ProcessCapture.run(Self.shell, ["-c", "kill -TERM $$; sleep 5"], timeout: 30)
        expect(result.crashed && result.status == SIGTERM)
    }

    /// A descriptor the parent holds open (not close-on-exec) does not reach the child: a crashing
    /// child's backtracer would otherwise inherit, say, the test runner's pipe and hold it open.
    @Test func theChildInheritsNoDescriptorPastTheStandardThree() throws {
        var ends: [Int32] = [0, 0]
        expectEqual(pipe(&ends), 0)
        defer { for end in ends { close(end) } }
        // A Mac has no /proc; its /dev/fd lists the calling process's descriptors as well.
        #if os(Linux)
            let descriptors = "/proc/self/fd"
        #else
            let descriptors = "/dev/fd"
        #endif
        let result = try ProcessCapture.run(Self.shell, ["-c", "ls \(descriptors)"])
        let inherited = result.standardOutput.split(separator: "\n").compactMap { Int32($0) }.filter { $0 > 2 }
        // An empty listing would prove nothing: the standard three are always there.
        expect(result.standardOutput.split(separator: "\n").compactMap { Int32($0) }.contains(2), "\(result)")
        // ls itself opens one descriptor to read the folder.
        expectAtMost(inherited.count, 1, "the child holds \(inherited)")
    }

    @Test func aMissingProgramIsAnErrorThatNamesIt() {
        #expect(throws: (any Error).self) {
            try ProcessCapture.run(URL(fileURLWithPath: "/no/such/program"), [])
        }
        do {
            _ = try ProcessCapture.run(URL(fileURLWithPath: "/no/such/program"), [])
        } catch {
            expectContains("\(error.localizedDescription)", "/no/such/program")
        }
    }

    @Test func aRunningChildIsAwaitedAndKilled() async throws {
        let child = try RunningChild(URL(fileURLWithPath: "/bin/sleep"), ["30"])
        expect(child.isRunning)
        expect(child.kill())
        #expect(try await child.exitStatus() == 128 + SIGKILL)
        expect(!child.isRunning)
        // Reaped, its pid is free for another process: no signal goes to it any more.
        expect(!child.kill())
        let quick = try RunningChild(Self.shell, ["-c", "exit 7"])
        #expect(try await quick.exitStatus() == 7)
    }

    /// The wait for a child's end is a thread's, woken by the end itself; a cancelled task stops
    /// waiting at once (the child runs on, and can be awaited again).
    ///
    /// The child never ends by itself, so only the cancellation can end the first wait, however
    /// late each task runs: on CI's one-thread pool under the whole suite, a child of 30 s had
    /// ended before the test's own task came back to cancel the wait.
    @Test func awaitingAChildEndsWithItOrWithTheTasksCancellation() async throws {
        let child = try RunningChild(URL(fileURLWithPath: "/bin/sleep"), ["3600"])
        defer { child.kill() }
        let waiting = Task { try await child.exitStatus() }
        try await Task.sleep(for: .milliseconds(50))
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        expect(child.isRunning, "the child runs on after the wait for it was cancelled")
        let again = Task { try await child.exitStatus() }
        expect(child.kill(SIGTERM))
        #expect(try await again.value == 128 + SIGTERM)
    }
}
