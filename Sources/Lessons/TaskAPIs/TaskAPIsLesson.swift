import LessonKit

/// Lesson 11: the task APIs beyond Task {} — immediate tasks, names, task-locals, executors, priority.
public struct TaskAPIsLesson: Lesson {
    public init() {}

    public let name = "task-apis"
    public let title = "Task APIs: immediate tasks, names, task-locals, executors, priority"
    public let summary =
        "Task.immediate vs Task {}, task names in the trace, @TaskLocal through a fan-out, custom executors, priority escalation"

    public let introduction = """
        The earlier lessons start tasks with Task {}, async let and groups. Swift 6.0 to 6.2 added \
        ways to say more about a task: start it now (Task.immediate), name it, give its tree a \
        value (@TaskLocal), choose the thread its work runs on (a TaskExecutor, an actor's \
        SerialExecutor), and see its priority raised. Each is measured here from inside the tasks. \
        Cancelling from outside (withTaskCancellationHandler) is in the cancellation lesson.
        """

    public var variants: [LessonVariant] {
        [
            ImmediateVariant.variant.stepsWithFlagOnly,
            TaskNamesVariant.variant,
            TaskLocalsVariant.variant.stepsWithFlagOnly,
            ExecutorPreferenceVariant.variant,
            SerialExecutorVariant.variant.extra,
            PriorityEscalationVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "Task {} queues its body; Task.immediate runs it on the caller's executor up to the first suspension — only when the isolation matches.",
        "Name tasks where you create them: debuggers and traces show the name; children do not inherit it.",
        "Task-locals follow structured children and Task {} (copied at creation), never Task.detached: pass the value in.",
        "A TaskExecutor moves a task tree's nonisolated work to your threads; a SerialExecutor pins one actor to them. Neither changes isolation.",
        "Awaiting a low-priority task raises its priority; what the threads do with it is the platform's business — measure it.",
    ]

    public var childDemos: [ChildDemo] { [] }

    /// What a variant says on an Apple system older than the Swift 6.2 runtime its API needs.
    static func needsSwift62Runtime(_ api: String) -> String {
        "\(api) needs the Swift 6.2 runtime (macOS 26 / iOS 26): this system does not have it."
    }
}
