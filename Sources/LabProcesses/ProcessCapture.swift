import Foundation
import LabCore

/// Runs a program and captures its output without trusting end-of-file.
///
/// Why not `readDataToEndOfFile()`: EOF only comes when *every* holder of the
/// pipe's write end has closed it, and a process the parent starts meanwhile (TSan
/// launching llvm-symbolizer, say) inherits it. Waiting for EOF then hangs forever.
/// So output is collected while the child runs, and drained without blocking once
/// the child has exited.
public struct ProcessCapture: Sendable {
    public let status: Int32
    public let crashed: Bool
    public let timedOut: Bool
    public let standardOutput: String
    public let standardError: String

    /// Runs a program and waits for it on the calling thread, which it holds (looking every
    /// 5 ms) until the child ends. For synchronous callers off the cooperative pool (a grading
    /// thread, the bench's parent); async code awaits the overload below, which suspends.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 120, mergeErrors: Bool = false
    ) throws -> ProcessCapture {
        let child = try SpawnedProcess.start(
            executable, arguments, environment: environment, mergeErrors: mergeErrors)
        return ProcessCapture(child.watch(until: .now + .seconds(timeout)))
    }

    /// The same run, suspending instead of holding a thread: a dedicated thread watches the
    /// child and resumes this task when it ends. Past the timeout (or when the task is
    /// cancelled) the child gets SIGTERM, and SIGKILL 0.2 s later.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 120, mergeErrors: Bool = false
    ) async throws -> ProcessCapture {
        let child = try SpawnedProcess.start(
            executable, arguments, environment: environment, mergeErrors: mergeErrors)
        let deadline = ContinuousClock.now + .seconds(timeout)
        let cancelled = Locked(false)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ProcessCapture, Never>) in
                let watcher = Thread {
                    let ending = child.watch(until: deadline, stop: { cancelled.withLock { $0 } })
                    continuation.resume(returning: ProcessCapture(ending))
                }
                watcher.name = "lab.process-watch"
                watcher.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    init(_ ending: SpawnedProcess.Ending) {
        status = ending.status
        crashed = ending.signalled && !ending.timedOut
        timedOut = ending.timedOut
        standardOutput = String(decoding: ending.output, as: UTF8.self)
        standardError = String(decoding: ending.errors, as: UTF8.self)
    }

    /// What a descriptor holds now, read without blocking: at most about `limit` bytes,
    /// or everything there is. Shared with the grader's sandbox, which polls its pipes.
    public static func readAvailable(_ descriptor: Int32, limit: Int = .max) -> Data {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while data.count < limit {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
