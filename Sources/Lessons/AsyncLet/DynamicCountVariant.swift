import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// `async let` in a loop vs a task group, for "every rover the API lists".
enum DynamicCountVariant {
    static let variant = LessonVariant("dynamic-count", title: "The wrong tool: async let in a loop vs a task group") {
        context in
        let console = context.console
        console.paragraph(
            """
            The app should show every rover the API lists, however many there are. async let needs \
            one binding per call, written in the code. Putting it in a loop compiles, but each \
            binding ends with its iteration, so the loop waits every time. A task group adds a child \
            per rover instead.
            """)
        let behavior = context.behavior(latency: .jitter(base: 2, spread: 0.8))
        let loopMeter = CallMeter()
        let groupMeter = CallMeter()
        let loop = MarsData(api: MarsRoverClient.simulated(behavior, meter: loopMeter), probe: context.probe)
        let group = MarsData(api: MarsRoverClient.simulated(behavior, meter: groupMeter), probe: context.probe)
        let rovers = await loop.fetchAllRovers()
        let loopTime = await Stopwatch.time { await loop.latestPhotosWithAsyncLetInALoop(rovers) }.1
        let groupTime = await Stopwatch.time { await group.latestPhotosWithTaskGroup(rovers) }.1

        context.record("rovers", "rovers listed by the API", count: rovers.count)
        context.record("loop_total_seconds", "async let in a loop: total", seconds: loopTime)
        context.record(
            "loop_max_in_flight", "async let in a loop: most calls in flight", count: loopMeter.stats.maxInFlight)
        context.record("group_total_seconds", "task group: total", seconds: groupTime)
        context.record("group_max_in_flight", "task group: most calls in flight", count: groupMeter.stats.maxInFlight)
        console.paragraph(
            """
            For \(rovers.count) rovers, async let in a loop had at most \(loopMeter.stats.maxInFlight) \
            call in flight and took \(loopTime.formattedAsDuration); the task group had \
            \(groupMeter.stats.maxInFlight) and took \(groupTime.formattedAsDuration).
            """)
    }
}
