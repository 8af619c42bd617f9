import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's "ConcurrencyDemo" app, written once for every lesson that uses it.
///
/// In the original, `doSomething()` is a method of a SwiftUI view (so it runs on
/// the main actor) and `takesTooLong()` sleeps for 5 seconds. Here the view is
/// gone, the 5 seconds run on the lesson's scaled clock, and every step is traced.
public struct ConcurrencyDemo: Sendable {
    /// The original's delay, in source seconds.
    public static let delay = 5.0

    public let work: SimulatedWork
    public let probe: Probe
    /// Where the original's `print` goes.
    public let say: @Sendable (String) -> Void

    public init(work: SimulatedWork, probe: Probe, say: @escaping @Sendable (String) -> Void) {
        self.work = work
        self.probe = probe
        self.say = say
    }

    public init(context: LessonContext) {
        self.init(work: context.work, probe: context.probe) { context.console.output($0) }
    }

    // MARK: Non-concurrent code

    /// The first version: everything synchronous, called from the button's action.
    @MainActor
    public func doSomethingSynchronously() {
        probe.syncSpan("doSomething()") {
            say("Start \(Timestamp.now)")
            takesTooLongBlocking()
            say("End \(Timestamp.now)")
        }
    }

    /// `Thread.sleep(forTimeInterval: 5)`: holds whatever thread calls it.
    /// A synchronous nonisolated function runs in its caller's isolation, so the
    /// trace records the caller's (`isolation`): here, the main actor it blocks.
    public func takesTooLongBlocking(isolation: isolated (any Actor)? = #isolation) {
        probe.syncSpan("takesTooLong()", kind: .blocking, isolation: isolation) {
            work.block(sourceSeconds: Self.delay)
        }
        say("Async task completed at \(Timestamp.now)")
    }

    // MARK: async / await

    /// The async version, still a main-actor method of the view.
    @MainActor
    public func doSomething() async {
        await probe.span("doSomething()") {
            say("Start \(Timestamp.now)")
            await takesTooLong()
            say("End \(Timestamp.now)")
        }
    }

    /// The async `takesTooLong()`: it suspends instead of blocking, and returns
    /// its completion time as the async-let version of the book does.
    /// Nonisolated, so it runs on the global executor, not on the main actor.
    /// `announce: false` is the book's async-let version, which returns the date
    /// instead of printing it.
    @discardableResult
    public func takesTooLong(announce: Bool = true) async -> Date {
        await probe.span("takesTooLong()", kind: .suspending) {
            try? await work.suspend(sourceSeconds: Self.delay)
        }
        let date = Date()
        if announce { say("Async task completed at \(Timestamp.string(date))") }
        return date
    }

    // MARK: Errors

    /// Throws when the delay is outside 5...20 source seconds, as in the book.
    public func takesTooLong(delay: Double) async throws {
        try await probe.span("takesTooLong(delay: \(delay.formatted(significantDigits: 3)))", kind: .suspending) {
            if delay < 5 {
                throw DurationError.tooShort
            } else if delay > 20 {
                throw DurationError.tooLong
            }
            try await work.suspend(sourceSeconds: delay)
        }
        say("Async task completed at \(Timestamp.now)")
    }
}

/// The book's error for `takesTooLong(delay:)`.
public enum DurationError: Error, Sendable, Equatable {
    case tooLong
    case tooShort
}

/// The book's asynchronous property: a read-only property with `get async`.
public struct MyStruct: Sendable {
    let demo: ConcurrencyDemo

    public init(demo: ConcurrencyDemo) { self.demo = demo }

    public var myResult: Date {
        get async {
            await getTime()
        }
    }

    func getTime() async -> Date {
        await demo.probe.span("getTime()", kind: .suspending) {
            try? await demo.work.suspend(sourceSeconds: ConcurrencyDemo.delay)
        }
        return Date()
    }
}
