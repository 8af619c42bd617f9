import LabScenarios
import LessonKit

/// Lesson 3: task groups, from ConcurrencyDemo's five tasks and the rover app's MarsData.
public struct TaskGroupsLesson: Lesson {
    public init() {}

    public let name = "task-groups"
    public let title = "Task groups: a child task per item, however many"
    public let summary =
        "dynamic fan-out, throwing groups and sibling cancellation, executor width, sliding windows, discarding groups"

    public let introduction = """
        A task group starts a child task for each item you add and ends when all of them have \
        ended. We run ConcurrencyDemo's five takesTooLong() tasks, the rover app's \
        fetchLatestPhotos() and fetchPhotoManifests() against a simulated Mars Rover API \
        (2 ± 0.8 s per call), a failing child, and a window of a few requests at a time. The \
        extras (listed at the end) run the book's blocking tasks on this machine's executor and a \
        group that keeps no results.
        """

    public var variants: [LessonVariant] {
        [
            FiveTasksVariant.variant,
            LatestPhotosVariant.variant,
            ManifestsVariant.variant,
            FailingChildVariant.variant,
            ExecutorWidthVariant.variant.extra,
            SlidingWindowVariant.variant.stepsWithFlagOnly,
            DiscardingGroupVariant.variant.extra,
        ]
    }

    public let takeaways = [
        "Add a child per item with group.addTask; the group does not return until every child has ended.",
        "Results come back in completion order, not the order you added the tasks.",
        "In a throwing group, an error thrown out of the body cancels the remaining children and waits for them.",
        "To keep at most K requests in flight, add K children, then one more each time one finishes.",
    ]
}

extension LessonContext {
    /// A simulated Mars Rover API on this run's clock and seed, and its meter.
    func marsData(
        latency: LatencyModel = .jitter(base: 2, spread: 0.8),
        failures: FailureInjection = .none
    ) -> (MarsData, CallMeter) {
        let meter = CallMeter()
        let client = MarsRoverClient.simulated(behavior(latency: latency, failures: failures), meter: meter)
        return (MarsData(api: client, probe: probe), meter)
    }
}
