import Foundation
import LabCore

/// A child process left to run while its parent does other things (waits for a line in a log,
/// kills it, starts others), then awaited. Started with `posix_spawn` and reaped with `waitpid`,
/// like every child the lab starts (see `SpawnedProcess` for why not Foundation's `Process`).
public final class RunningChild: Sendable {
    /// How a child ended: its exit status, or the number of the signal that ended it.
    public struct Ending: Sendable, Equatable {
        public let status: Int32
        public let signalled: Bool
        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }
        /// As a shell says it: a signal counts as 128 + its number.
        public var shellStatus: Int32 { signalled ? 128 + status : status }
    }

    public let processIdentifier: pid_t
    private let reaped = Locked<Ending?>(nil)

    /// Starts `executable` with its input and output on /dev/null, or all three standard streams
    /// on `terminal`.
    public init(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil,
        terminal: Int32? = nil
    ) throws {
        processIdentifier = try SpawnedProcess.start(
            executable, arguments, environment: environment, mergeErrors: true,
            streams: terminal.map { .shared($0) } ?? .discarded
        ).pid
    }

    /// How it ended, asking the kernel without waiting; nil while it runs.
    public var ending: Ending? {
        reaped.withLock { reaped in
            if reaped == nil {
                var waitStatus: Int32 = 0
                if waitpid(processIdentifier, &waitStatus, WNOHANG) == processIdentifier {
                    let (status, signalled) = SpawnedProcess.decode(waitStatus)
                    reaped = Ending(status: status, signalled: signalled)
                }
            }
            return reaped
        }
    }

    /// Whether it is still running.
    public var isRunning: Bool { ending == nil }

    /// Sends it a signal (SIGKILL unless told otherwise); false, and nothing sent, once it has
    /// ended and been reaped (`ending`), when its pid may already be another process's. Until it
    /// is reaped, an ended child keeps its pid, so the signal can reach no one else.
    @discardableResult
    public func kill(_ signal: Int32 = SIGKILL) -> Bool {
        // Under the lock `ending` reaps with, so the child cannot be reaped between the check and the signal.
        reaped.withLock { reaped in
            guard reaped == nil else { return false }
            return Foundation.kill(processIdentifier, signal) == 0
        }
    }

    /// Suspends until it ends and returns its status as a shell says it; throws
    /// `CancellationError` if the task is cancelled first (the child runs on).
    ///
    /// The end is awaited, not looked for again and again (the lab's own rule for answers): a
    /// thread of its own waits on the child's end (`ChildExit`: its pidfd on Linux, a look every
    /// 5 ms where there is none) beside a pipe that a cancellation writes to. It looked every
    /// 2 ms from a task before: 20 children, 10,000 wake-ups a second beside the inventory's
    /// processes it measured.
    public func exitStatus() async throws -> Int32 {
        try Task.checkCancellation()
        if let ending { return ending.shellStatus }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let (wakeRead, wakeWrite) = (ends[0], ends[1])
        // Closed once the wait has ended; a cancellation handler never runs after that.
        defer {
            close(wakeRead)
            close(wakeWrite)
        }
        await withTaskCancellationHandler {
            await OnAThreadOfItsOwn.blockingWork(named: "wait for child \(processIdentifier)") { [self] in
                let exit = ChildExit(of: processIdentifier, fallbackMilliseconds: 5)
                var wake = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
                while ending == nil && wake[0].revents == 0 {
                    exit.wait(for: &wake, atMost: .seconds(60))
                }
            }
        } onCancel: {
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
        }
        try Task.checkCancellation()
        guard let ending else { throw CancellationError() }
        return ending.shellStatus
    }

    deinit {
        // A child nobody awaited is not left a zombie for the rest of the run, if it has ended.
        _ = ending
    }
}
