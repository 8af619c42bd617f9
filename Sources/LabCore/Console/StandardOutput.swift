import Foundation

/// The one way the lab writes to standard output: unbuffered writes, so lines from the
/// lab, a lesson, the bench and the grader never reorder against standard error or a
/// child process's output (Swift's `print` buffers when stdout is a pipe).
public enum StandardOutput {
    public static func line(_ text: String) { write(text + "\n") }

    public static func write(_ text: String) { write(Data(text.utf8)) }

    public static func write(_ data: Data) { FileHandle.standardOutput.write(data) }
}

/// Writes the lab's errors to standard error: one line, then the usage when it helps.
public enum StandardError {
    public static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public static func usage(program: String, _ error: any Error, usage: String?) {
        write("\(program): error: \(error)")
        if let usage { write(usage) }
    }
}
