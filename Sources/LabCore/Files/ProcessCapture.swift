import Foundation

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

    /// Runs a program and waits for it on the calling thread, which it holds (polling every
    /// 5 ms) until the child ends. For synchronous callers off the cooperative pool (a grading
    /// thread, the bench's parent); async code awaits the overload below, which suspends.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 120, mergeErrors: Bool = false
    ) throws -> ProcessCapture {
        let child = try Child(executable, arguments, environment: environment, mergeErrors: mergeErrors, onExit: nil)
        let process = child.process
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                usleep(200_000)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return child.finish(timedOut: timedOut)
    }

    /// The same run, suspending instead of holding a thread: the child's termination
    /// handler resumes this task, and the timeout is a `Task.sleep` raced against it. Past
    /// the timeout (or when the task is cancelled) the child gets SIGTERM, and SIGKILL 0.2 s later.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        timeout: Double = 120, mergeErrors: Bool = false
    ) async throws -> ProcessCapture {
        let exit = ProcessExit()
        let child = try Child(
            executable, arguments, environment: environment, mergeErrors: mergeErrors, onExit: { exit.signal() })
        let timedOut = await !exit.ended(within: .seconds(timeout))
        if timedOut {
            child.process.terminate()
            if await !exit.ended(within: .milliseconds(200)) { kill(child.process.processIdentifier, SIGKILL) }
            await exit.ended()
        }
        return child.finish(timedOut: timedOut)
    }

    /// A started child whose output is being collected.
    struct Child {
        let process = Process()
        let output = Pipe(), errors = Pipe()
        let collectedOutput = Collector(), collectedErrors = Collector()
        let mergeErrors: Bool

        /// Starts the program; `onExit` (set before it starts, so no exit is missed) runs when it ends.
        init(
            _ executable: URL, _ arguments: [String], environment: [String: String]?, mergeErrors: Bool,
            onExit: (@Sendable () -> Void)?
        ) throws {
            self.mergeErrors = mergeErrors
            process.executableURL = executable
            process.arguments = arguments
            if let environment { process.environment = environment }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = mergeErrors ? output : errors
            let collectedOutput = collectedOutput
            let collectedErrors = collectedErrors
            output.fileHandleForReading.readabilityHandler = { collectedOutput.append($0.availableData) }
            if !mergeErrors {
                errors.fileHandleForReading.readabilityHandler = { collectedErrors.append($0.availableData) }
            }
            if let onExit { process.terminationHandler = { _ in onExit() } }
            try process.run()
        }

        /// Once the child has ended: what is left in the pipes, drained without waiting, and the result.
        func finish(timedOut: Bool) -> ProcessCapture {
            output.fileHandleForReading.readabilityHandler = nil
            errors.fileHandleForReading.readabilityHandler = nil
            collectedOutput.append(drain(output.fileHandleForReading))
            if !mergeErrors { collectedErrors.append(drain(errors.fileHandleForReading)) }
            return ProcessCapture(
                status: process.terminationStatus,
                crashed: process.terminationReason == .uncaughtSignal && !timedOut,
                timedOut: timedOut,
                standardOutput: collectedOutput.text, standardError: collectedErrors.text)
        }
    }

    /// Whatever is in the pipe now, without waiting for more.
    static func drain(_ handle: FileHandle) -> Data { readAvailable(handle.fileDescriptor) }

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

    /// Output gathered from a readability handler (which runs on another thread).
    final class Collector: Sendable {
        private let data = Locked(Data())
        func append(_ chunk: Data) { data.withLock { if $0.count < 4_000_000 { $0.append(chunk) } } }
        var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
    }
}
