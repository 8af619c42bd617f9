import Foundation

/// The question "am I on the main thread?", asked where Apple's SDK allows it.
///
/// Apple's Foundation marks `Thread.isMainThread` unavailable from async contexts
/// (`NS_SWIFT_UNAVAILABLE_FROM_ASYNC` in NSThread.h: an error in Swift 6 on a Mac, though
/// Linux compiles it), because an async function may resume on another thread after any
/// `await`. A synchronous function may still ask: the answer is about the thread running
/// that call, which is what the lessons measure (did the main actor's job run on the main
/// thread?). Async code asks through this; `AsyncContextScanner` keeps it that way.
public enum MainThread {
    /// Whether the thread running this call is the process's main thread.
    public static func isCurrent() -> Bool { Thread.isMainThread }
}
