import Foundation

/// Blocking work (a build, a child process waited for, a lock held for seconds) run on a
/// thread started for it, while the calling task suspends: on the cooperative pool the work
/// would hold one of its few threads (one of two, on two cores) and stall every task queued
/// behind it. The grader's builds and a test's `swift build` share this one way of doing it.
public enum OnAThreadOfItsOwn {
    public static func blockingWork<Value: Sendable>(
        named name: String, _ work: @escaping @Sendable () -> Value
    ) async -> Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }

    /// The same, for work that throws: its error is the caller's.
    public static func blockingWork<Value: Sendable>(
        named name: String, _ work: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await blockingWork(named: name) { Result { try work() } }.get()
    }
}
