/// One classroom exercise: a file the student edits, a check that grades it by
/// structure, hints, and the patterns it forbids.
public struct Exercise: Sendable, Identifiable {
    public enum Kind: String, Sendable, Codable {
        /// The file does not compile yet; the right fix must also pass the checks.
        case makeItCompile = "make it compile"
        case behaviour
    }

    /// "03-async-let-rovers": the file name without ".swift".
    public let id: String
    public let lesson: String
    public let title: String
    /// The scenario and the task, one paragraph.
    public let summary: String
    public let kind: Kind
    /// Minutes a student typically needs (for the teacher's guide).
    public let minutes: Int
    /// From gentle to specific; `lab hint` shows one more each time it is asked.
    public let hints: [String]
    public let forbidden: [ForbiddenPattern]
    /// The check is stopped after this long: a hang is a failed check.
    public let timeLimitSeconds: Double

    public init(_ id: String, lesson: String, title: String, kind: Kind = .behaviour, summary: String, minutes: Int,
                hints: [String], forbidden: [ForbiddenPattern] = ForbiddenPattern.silencers, timeLimitSeconds: Double = 15) {
        self.id = id
        self.lesson = lesson
        self.title = title
        self.summary = summary
        self.kind = kind
        self.minutes = minutes
        self.hints = hints
        self.forbidden = forbidden
        self.timeLimitSeconds = timeLimitSeconds
    }

    public var fileName: String { "\(id).swift" }
}

/// Code an exercise refuses, with the reason a student reads.
public struct ForbiddenPattern: Sendable, Equatable {
    public let text: String
    public let reason: String

    public init(_ text: String, _ reason: String) {
        self.text = text
        self.reason = reason
    }

    /// The escape hatches that silence Swift 6's data-race checking instead of fixing the race.
    /// (These are strings the grader searches students' code for; this file uses none of them.)
    public static let silencers = [
        ForbiddenPattern("@unchecked Sendable", "@unchecked Sendable silences the compiler's data-race check instead of removing the race"),
        ForbiddenPattern("nonisolated(unsafe)", "nonisolated(unsafe) turns off isolation checking for that declaration: the race is still there"),
        ForbiddenPattern("@preconcurrency", "@preconcurrency downgrades concurrency errors to warnings; fix the isolation instead"),
        ForbiddenPattern("withUnsafeContinuation", "an unsafe continuation does not check that it is resumed exactly once; use withCheckedContinuation"),
        ForbiddenPattern("withUnsafeThrowingContinuation", "an unsafe continuation does not check that it is resumed exactly once; use withCheckedThrowingContinuation"),
        ForbiddenPattern("assumeIsolated", "assumeIsolated asserts instead of proving; let the compiler prove the isolation"),
    ]

    /// Calls that hold a thread: forbidden where the exercise is about not blocking.
    public static let blocking = [
        ForbiddenPattern("Thread.sleep", "Thread.sleep blocks a thread; in async code, suspend with Task.sleep or await the async call"),
        ForbiddenPattern("usleep(", "usleep blocks a thread; suspend with Task.sleep or await the async call"),
        ForbiddenPattern("sleep(", "sleep blocks a thread; suspend with Task.sleep or await the async call"),
        ForbiddenPattern(".block(", "SimulatedWork.block holds its thread; use the async, suspending call"),
        ForbiddenPattern("DispatchSemaphore", "waiting on a semaphore blocks a thread; await instead"),
        ForbiddenPattern("fetchBlocking", "fetchBlocking holds its thread; await the async fetch instead"),
    ]
}
