import LessonKit

/// Lesson 10: Swift 6.2's modes, side by side. The same app code, compiled four times.
public struct IsolationModesLesson: Lesson {
    public init() {}

    public let name = "isolation-modes"
    public let title = "Isolation modes: the same code, four compiler settings"
    public let summary =
        "Swift 6 vs approachable concurrency vs MainActor by default: where each call runs, what each refuses, what hops cost"

    public let introduction = """
        The other lessons are compiled in Swift 6 mode as shipped. Swift 6.2 added settings that \
        change where the same code runs: NonisolatedNonsendingByDefault (an async function runs on its \
        caller's actor, SE-0461), InferIsolatedConformances (SE-0470) — together Xcode 26's \
        "Approachable Concurrency" — and MainActor as the default isolation (SE-0466), which Xcode 26's \
        new app projects turn on with it. One file of app code is built in four modules, one per mode, \
        and each runs.
        """

    public var variants: [LessonVariant] {
        [
            WhereCallsRunVariant.variant.stepsWithFlagOnly,
            HopCostVariant.variant.extra,
            RefusedLinesVariant.variant,
        ]
    }

    public let takeaways = [
        "Before reading where code runs, find the mode: language mode, default isolation, and the upcoming features in Package.swift or the Xcode build settings.",
        "Swift 6: a nonisolated async function leaves the caller's actor. With NonisolatedNonsendingByDefault it stays on it; only @concurrent leaves.",
        "With MainActor by default, code you did not annotate is @MainActor, its conformances too: mark what must run elsewhere nonisolated or @concurrent.",
        "Staying on the main actor removes hops and many errors; CPU work that stays there blocks the UI. Move it with @concurrent, not Task.detached: that frees the main actor, not a CPU.",
    ]

    public var childDemos: [ChildDemo] { [] }
}
