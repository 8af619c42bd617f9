/// Code an exercise refuses, with the reason a student reads.
///
/// A pattern is matched against the code's tokens (see `SwiftTokenizer`), never its
/// text, so spacing, comments and string contents neither hide nor fake it.
/// (The escape hatches appear in this file only as text; it uses none of them.)
public struct ForbiddenPattern: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// Consecutive tokens; an element containing `*` matches one identifier by glob (`Unsafe*Pointer`).
        case tokens([String])
        /// A call of a global function such as `sleep`: the name not after a `.` (or after a
        /// system module's name: `Glibc.sleep`), unless the student's file declares its own.
        case globalFunction(String)
    }

    public let text: String
    public let reason: String
    public let shape: Shape

    /// `text` is both what the student reads and, tokenized, what is matched.
    public init(_ text: String, _ reason: String, shape: Shape? = nil) {
        self.text = text
        self.reason = reason
        self.shape = shape ?? .tokens(SwiftTokenizer.tokens(of: text).map(\.text))
    }

    /// The escape hatches that silence Swift 6's data-race checking, or reach around
    /// the type system, instead of fixing the code.
    public static let silencers = [
        ForbiddenPattern("@unchecked", "@unchecked Sendable silences the compiler's data-race check instead of removing the race"),
        ForbiddenPattern("nonisolated(unsafe)", "nonisolated(unsafe) turns off isolation checking for that declaration: the race is still there"),
        ForbiddenPattern("@preconcurrency", "@preconcurrency downgrades concurrency errors to warnings; fix the isolation instead"),
        ForbiddenPattern("withUnsafeContinuation", "an unsafe continuation does not check that it is resumed exactly once; use withCheckedContinuation"),
        ForbiddenPattern("withUnsafeThrowingContinuation", "an unsafe continuation does not check that it is resumed exactly once; use withCheckedThrowingContinuation"),
        ForbiddenPattern("assumeIsolated", "assumeIsolated asserts instead of proving; let the compiler prove the isolation"),
        ForbiddenPattern("@_silgen_name", "@_silgen_name binds to a symbol behind the compiler's back"),
        ForbiddenPattern("@_implementationOnly", "@_implementationOnly hides an import from the compiler's checks"),
        ForbiddenPattern("unsafeBitCast", "unsafeBitCast reinterprets memory and defeats the type checker"),
        ForbiddenPattern("Unsafe*Pointer", "unsafe pointers reach memory the compiler cannot check", shape: .tokens(["Unsafe*Pointer"])),
        ForbiddenPattern("@testable", "@testable import reaches the lab's internals"),
        ForbiddenPattern("dlsym", "dlsym looks up symbols by name, behind the compiler's back", shape: .globalFunction("dlsym")),
        ForbiddenPattern("dlopen", "dlopen loads code behind the compiler's back", shape: .globalFunction("dlopen")),
    ]

    /// Calls that hold a thread: forbidden where the exercise is about not blocking.
    public static let blocking = [
        ForbiddenPattern("Thread.sleep", "Thread.sleep blocks a thread; in async code, suspend with Task.sleep or await the async call"),
        ForbiddenPattern("usleep", "usleep blocks a thread; suspend with Task.sleep or await the async call", shape: .globalFunction("usleep")),
        ForbiddenPattern("sleep", "sleep blocks a thread; suspend with Task.sleep or await the async call", shape: .globalFunction("sleep")),
        ForbiddenPattern("nanosleep", "nanosleep blocks a thread; suspend with Task.sleep or await the async call", shape: .globalFunction("nanosleep")),
        ForbiddenPattern(".block(", "SimulatedWork.block holds its thread; use the async, suspending call"),
        ForbiddenPattern("DispatchSemaphore", "waiting on a semaphore blocks a thread; await instead"),
        ForbiddenPattern("ThreadBlocker", "ThreadBlocker holds its thread on purpose; await the async call"),
        ForbiddenPattern("fetchBlocking", "fetchBlocking holds its thread; await the async fetch instead"),
    ]
}
