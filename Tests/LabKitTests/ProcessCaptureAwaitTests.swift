import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// Awaiting a child process suspends: the task gives its thread back to the pool while the
/// child runs, where the synchronous `ProcessCapture.run` holds it (polling with `usleep`).
@Suite("Awaiting a child process leaves the pool free")
struct ProcessCaptureAwaitTests {
    static let sleep = URL(fileURLWithPath: "/bin/sleep")

    /// More children than the pool has threads, each awaited by its own task; then a task that
    /// needs a pool thread. Were the waits blocking, that task could run only once a child had
    /// ended (two minutes) and the children would have exited by themselves; here it runs at once,
    /// and the cancellation that follows stops children that were all still running. (Two minutes,
    /// not less: on one CPU shared with a busy process and the suite, a task waited over 10 s for
    /// a thread once.)
    @Test func moreAwaitedChildrenThanPoolThreadsStillLeaveAThreadForOthers() async throws {
        let children = ProcessInfo.processInfo.processorCount + 1
        let runs = (0..<children).map { _ in
            Task { try await ProcessCapture.run(Self.sleep, ["120"], timeout: 300) }
        }
        let probe = await Task.detached { 6 * 7 }.value
        expectEqual(probe, 42)
        for run in runs { run.cancel() }
        for run in runs {
            let result = try await run.value
            expect(result.timedOut, "stopped by the cancellation, not ended by itself (status \(result.status))")
        }
    }

    @Test func anAwaitedRunCapturesOutputAndStatus() async throws {
        let result = try await ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo out; echo err >&2; exit 3"])
        expectEqual(result.status, 3)
        expect(!result.timedOut && !result.crashed)
        expectEqual(result.standardOutput, "out\n")
        expectEqual(result.standardError, "err\n")
    }

    @Test func anAwaitedRunPastItsTimeoutIsStopped() async throws {
        let result = try await ProcessCapture.run(Self.sleep, ["30"], timeout: 0.2)
        expect(result.timedOut)
        expect(!result.crashed, "a child stopped for its timeout is not a crash")
    }
}
