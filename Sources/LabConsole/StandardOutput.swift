import Foundation
import LabCore

/// The one way the lab writes to standard output: unbuffered writes, so lines from the
/// lab, a lesson, the bench and the grader never reorder against standard error or a
/// child process's output (Swift's `print` buffers when stdout is a pipe).
///
/// Standard output that cannot be written (closed, a full disk, a terminal that went away)
/// ends the program with one line on standard error and status 1, as `ls > /dev/full` does:
/// Foundation's `FileHandle.write` would crash instead. (A pipe whose reader has gone, as in
/// `lab list | head -1`, ends it with SIGPIPE first, as it ends any Unix program.) A run that owes
/// the user files goes on instead (`outlivesItsReader`).
public enum StandardOutput {
    public static func line(_ text: String) { write(text + "\n") }

    public static func write(_ text: String) { write(Data(text.utf8)) }

    public static func write(_ data: Data) {
        if state.withLock({ $0.outlivesItsReader && $0.failed }) { return }
        guard let failure = Descriptor.writeAll(data, to: STDOUT_FILENO) else { return }
        let program = URL(fileURLWithPath: CommandLine.arguments.first ?? "lab").lastPathComponent
        _ = Descriptor.writeAll(
            Data("\(program): error: cannot write the output: \(String(cString: strerror(failure)))\n".utf8),
            to: STDERR_FILENO)
        let goesOn = state.withLock { state in
            state.failed = true
            return state.outlivesItsReader
        }
        if !goesOn { exit(1) }
    }

    /// For a run that also writes files the user asked for (a lesson's `--html` and
    /// `--trace-out`): standard output that cannot be written (`| head -1`, a full disk) no longer
    /// ends the program, which then never wrote them (an audit). The error is said once on
    /// standard error, the rest of the output is dropped, the run goes on to write its files, and
    /// `failed` tells it to end with status 1.
    public static func outlivesItsReader() {
        // The signal a pipe's departed reader sends would end the program before the write failed.
        signal(SIGPIPE, SIG_IGN)
        state.withLock { $0.outlivesItsReader = true }
    }

    /// True once a write to standard output has failed.
    public static var failed: Bool { state.withLock(\.failed) }

    private struct State {
        var outlivesItsReader = false
        var failed = false
    }
    private static let state = Locked(State())
}

/// Writes the lab's errors to standard error, one line each.
public enum StandardError {
    public static func write(_ line: String) {
        // Nowhere is left to say that standard error cannot be written.
        _ = Descriptor.writeAll(Data((line + "\n").utf8), to: STDERR_FILENO)
    }

    /// A usage mistake in one line, ending with where the help is:
    /// "lab bench: error: unknown option '--bogus' (see lab bench --help)".
    public static func usage(program: String, _ error: any Error, help: String) {
        write("\(program): error: \(error) (see \(help))")
    }
}

enum Descriptor {
    /// Writes all of `data`, however many calls it takes; the error number if a write fails.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
