import Foundation

/// A child process left to run while its parent does other things (waits for a line in a log,
/// kills it, starts others), then awaited. Started with `posix_spawn` and reaped with `waitpid`,
/// like every child the lab starts (see `SpawnedProcess` for why not Foundation's `Process`).
public final class RunningChild: Sendable {
    public let processIdentifier: pid_t
    /// The exit status once reaped (a signal counts as 128 + its number).
    private let ending = Locked<Int32?>(nil)

    /// Starts `executable` with its input and output on /dev/null.
    public init(_ executable: URL, _ arguments: [String] = [], environment: [String: String]? = nil) throws {
        processIdentifier = try SpawnedProcess.start(
            executable, arguments, environment: environment, mergeErrors: true, captured: false
        ).pid
    }

    /// Whether it is still running (asking the kernel, without waiting).
    public var isRunning: Bool { reap() == nil }

    /// Sends it a signal (SIGKILL unless told otherwise).
    public func kill(_ signal: Int32 = SIGKILL) { _ = Foundation.kill(processIdentifier, signal) }

    /// Suspends until it ends (looking every 2 ms) and returns its exit status, 128 + the signal's
    /// number when a signal ended it.
    public func exitStatus() async throws -> Int32 {
        while true {
            if let status = reap() { return status }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    private func reap() -> Int32? {
        ending.withLock { ending in
            if ending == nil {
                var waitStatus: Int32 = 0
                if waitpid(processIdentifier, &waitStatus, WNOHANG) == processIdentifier {
                    let (status, signalled) = SpawnedProcess.decode(waitStatus)
                    ending = signalled ? 128 + status : status
                }
            }
            return ending
        }
    }

    deinit {
        // A child nobody awaited is not left a zombie for the rest of the run.
        if ending.withLock({ $0 }) == nil { _ = waitpid(processIdentifier, nil, WNOHANG) }
    }
}
