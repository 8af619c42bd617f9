/// A lesson: one pattern, told with a scenario from the source material and run
/// in every variant. Its executable is one line: `await LessonRunner.main(MyLesson())`.
public protocol Lesson: Sendable {
    /// The executable's name, e.g. "sync-vs-async".
    var name: String { get }
    var title: String { get }
    /// One line for `lab list`.
    var summary: String { get }
    /// Where the scenario comes from and what the lesson will show.
    var introduction: String { get }
    var variants: [LessonVariant] { get }
    /// What to take away, printed after the last variant.
    var takeaways: [String] { get }
    /// Code this lesson runs in a child process (it crashes or leaks on purpose).
    var childDemos: [ChildDemo] { get }
    /// More for `--help` to say: the commands of a lesson that is also a tool.
    var helpEpilogue: String? { get }
    /// Another way to run the executable, in the same grammar (`main-actor --live`).
    var command: LessonCommand? { get }
}

extension Lesson {
    public var helpEpilogue: String? { nil }
    public var command: LessonCommand? { nil }
}

/// One way of doing the lesson's job. Variants run on the main actor, as a
/// button's action does in the original apps, and report through the context.
public struct LessonVariant: Sendable {
    public let name: String
    public let title: String
    public let run: @MainActor @Sendable (LessonContext) async throws -> Void
    /// An extra runs only when asked for (`--variant NAME` or `--all`): deep dives and the
    /// sources' corrections, so the default run tells the core story in about 150 lines.
    public private(set) var isExtra = false

    /// This variant as an extra, listed at the end of the default run instead of run in it.
    public var extra: LessonVariant {
        var copy = self
        copy.isExtra = true
        return copy
    }

    /// Its steps table is printed with `--steps` only: its own table already says where each
    /// step ran, and the default run keeps to its line budget.
    public private(set) var stepsOnRequest = false

    /// This variant with its steps table behind `--steps`.
    public var stepsWithFlagOnly: LessonVariant {
        var copy = self
        copy.stepsOnRequest = true
        return copy
    }

    public init(_ name: String, title: String, run: @escaping @MainActor @Sendable (LessonContext) async throws -> Void)
    {
        self.name = name
        self.title = title
        self.run = run
    }
}
