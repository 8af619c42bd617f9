import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Lesson 12: why async tests flake, shown by running them many times, and the fixes.
public struct TestingAsyncLesson: Lesson {
    public init() {}

    public let name = "testing-async"
    public let title = "Testing async code: why tests flake, and tests that cannot"
    public let summary =
        "sleep-and-hope and racing tests under load; the fixes: the exact event, a confirmation, a serial executor, an injected clock; lab stress"

    public let introduction = """
        "It passes on my machine and fails on CI" is, for async code, a test that waits for time \
        instead of for an event. We run such a test many times, on the machine as it is and beside \
        threads that keep every CPU busy, and count its failures; then its twin that awaits the work \
        itself, and a test that waits for an event but the wrong one. Then a test that races the \
        unstructured task the code started, beside its twin that awaits a confirmation; an \
        order-dependent test on the global executor and on a serial one; and a timeout tested with \
        the real clock and with a clock the test moves by hand. Each fix's cost is timed. \
        To do the same to your own tests: lab stress --runs 50 --load busy,one-cpu -- swift test --filter NAME.
        """

    public var variants: [LessonVariant] {
        [
            SleepAndHopeVariant.variant, WrongSignalVariant.variant, UnstructuredRaceVariant.variant,
            DeterministicVariant.variant, InjectedClockVariant.variant,
        ]
    }

    public var childDemos: [ChildDemo] { StressChildDemos.demos }

    public let takeaways = [
        "A test that sleeps and hopes passes or fails with the machine's load, not with the code: count its failures under load before trusting it.",
        "Await the exact event (the task's value, a continuation the code resumes, Swift Testing's confirmation for a callback), never a duration.",
        "A test that checks right after code started a Task {} races it: give the code a seam that says when its work is done, and await it.",
        "When a test depends on the order of unstructured tasks, run them on a serial executor (an actor with its own executor): the order is fixed, at the cost of the overlap.",
        "Code that waits for time takes a clock; the test passes a clock it advances, so it waits for nothing and checks a deadline exactly.",
        "lab stress runs any command many times under busy CPUs, one CPU or a one-thread pool and reports the pass rate and each failure's conditions.",
    ]
}
