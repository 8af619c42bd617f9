import Foundation

/// Blocking work (a build, a child process waited for, a lock held for seconds) run on a
/// thread started for it, while the calling task suspends: on the cooperative pool the work
/// would hold one of its few threads (one of two, on two cores) and stall every task queued
/// behind it. The grader's builds and a test's `swift build` share this one way of doing it.
///
/// The value comes back `sending`: what the work made (a database connection, which is not
/// `Sendable`) is the caller's alone once the thread is done with it.
public enum OnAThreadOfItsOwn {
    public static func blockingWork<Value>(
        named name: String, _ work: @escaping @Sendable () -> sending Value
    ) async -> sending Value {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: work()) }
            thread.name = name
            thread.start()
        }
    }

    /// The same, for work that throws: its error is the caller's.
    public static func blockingWork<Value>(
        named name: String, _ work: @escaping @Sendable () throws -> sending Value
    ) async throws -> sending Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try work())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = name
            thread.start()
        }
    }
}
