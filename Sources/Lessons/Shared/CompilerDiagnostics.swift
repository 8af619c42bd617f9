/// Code the Swift 6 compiler rejects, with the diagnostic it prints.
///
/// Lessons quote these instead of asking a student to break their build; the
/// test suite compiles each `source` with the toolchain and checks the message,
/// so a quoted diagnostic cannot drift from what the compiler really says.
public struct CompilerDiagnostic: Sendable {
    public let source: String
    public let message: String
}

public enum CompilerDiagnostics {
    /// The book's `async takesTooLong()` that still calls `Thread.sleep`.
    public static let threadSleepInAsync = CompilerDiagnostic(
        source: """
            import Foundation

            func takesTooLong() async {
                Thread.sleep(forTimeInterval: 5)
            }
            """,
        message: "class method 'sleep' is unavailable from asynchronous contexts")

    public static let all = [threadSleepInAsync]
}
