import LessonKit

/// Lesson 4: `for await`, AsyncSequence and AsyncStream.
public struct ForAwaitLesson: Lesson {
    public init() {}

    public let name = "for-await"
    public let title = "for await: values that arrive over time"
    public let summary =
        "the timeStamps data race and its fix, AsyncStream.makeStream, throwing streams, buffering policies, onTermination"

    public let introduction = """
        A task group is an AsyncSequence of its children's results, and `for await` reads such a \
        sequence one value at a time, suspending between values. We start with the book's \
        timeStamps dictionary, which Swift 6 refuses to share with child tasks, then build our \
        own sequences with AsyncStream: Coffee Tracker's caffeine level, rover photo pages that \
        fail part-way, and a consumer that stops early (an extra pairs a fast producer with a \
        slow consumer).
        """

    public var variants: [LessonVariant] {
        [
            TimeStampsVariant.variant,
            CaffeineStreamVariant.variant,
            ThrowingStreamVariant.variant,
            BufferingVariant.variant.extra,
            EarlyExitVariant.variant,
            FirstAnswerVariant.variant,
        ]
    }

    public let takeaways = [
        "Child tasks cannot write to a variable of their parent; return results from the children and collect them with `for await` in the parent, one at a time.",
        "AsyncStream.makeStream() gives a stream and its continuation: the producer yields and finishes, the consumer reads with `for await`.",
        "An AsyncThrowingStream ends with `finish(throwing:)`; the consumer's `for try await` throws after the values before it.",
        "onTermination runs when the stream ends — finish(), the consuming task cancelled, or its last reference dropped — not at a `break` while the stream is held elsewhere: cancel the producer there, and tie the stream to its consumer.",
        "`for await` can stop at the first value it needs; cancel the rest of the group when you do.",
    ]
}
