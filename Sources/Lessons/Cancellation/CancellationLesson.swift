import LessonKit

/// Lesson 5: cancellation, from the rover app's "Canceling Tasks" and SwiftUI's `.task`.
public struct CancellationLesson: Lesson {
    public init() {}

    public let name = "cancellation"
    public let title = "Cancellation: asking a task to stop, and what makes it listen"
    public let summary =
        "cancel(), isCancelled, checkCancellation, cancelAll; cooperative CPU loops; withTaskCancellationHandler; a view's .task"

    public let introduction = """
        Cancelling a task only sets a flag. The task stops when its code looks at the flag: \
        Task.sleep and well-behaved APIs throw CancellationError, loops must check \
        Task.isCancelled or call Task.checkCancellation(), and callback-based work needs a \
        cancellation handler. We cancel a rover photo download through its handle and a group, \
        measure how long a CPU loop runs on after cancel() with and without checks, stop a \
        callback-based download with a handler, and close a stand-in view whose .task is loading.
        """

    public var variants: [LessonVariant] {
        [
            TaskHandleVariant.variant,
            CooperativeLoopVariant.variant,
            CancellationHandlerVariant.variant,
            ViewTaskVariant.variant,
            AlreadyCancelledVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "task.cancel() and group.cancelAll() set a flag; nothing stops until the task's code checks it.",
        "Task.sleep and the services' calls throw CancellationError when cancelled; a loop of your own must check Task.isCancelled or call Task.checkCancellation().",
        "A CPU loop that never checks runs to the end after cancel(): the caller waits for work nobody wants.",
        "Wrap callback-based work in withTaskCancellationHandler so cancel() reaches it at once, not at the next poll.",
        "A view's .task is cancelled when the view disappears; code that checks for cancellation stops, and nothing outlives the view.",
    ]
}
