import Foundation
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// The latest photos of three rovers: one after the other, then three `async let` bindings.
enum ThreeRoversVariant {
    static let variant = LessonVariant("rovers", title: "Mars rovers: three latest photos, sequential vs async let") {
        context in
        let console = context.console
        console.paragraph(
            """
            The rover app shows each rover's newest photo. With three awaits in a row, each call \
            starts when the previous one ends. With three async let bindings they all start at once.
            """)
        let rovers = Array(try MarsRoverClient.fixtureRovers().prefix(3))
        let behavior = context.behavior(latency: .jitter(base: 2, spread: 0.8))

        let sequentialMeter = CallMeter()
        let sequential = MarsData(
            api: MarsRoverClient.simulated(behavior, meter: sequentialMeter), probe: context.probe)
        let (sequentialPhotos, sequentialTime) = await Stopwatch.time {
            await context.probe.withLane("sequential") { await sequential.latestPhotosSequentially(rovers) }
        }
        let concurrentMeter = CallMeter()
        let concurrent = MarsData(
            api: MarsRoverClient.simulated(behavior, meter: concurrentMeter), probe: context.probe)
        let (concurrentPhotos, concurrentTime) = await Stopwatch.time {
            await context.probe.withLane("async let") {
                await concurrent.latestPhotosWithAsyncLet(rovers[0], rovers[1], rovers[2])
            }
        }
        // The sequential calls all come first in the trace, the concurrent ones after.
        let calls = context.probe.spans.filter { $0.name.hasPrefix("latestPhotos(") }
        let sequentialCalls = calls.prefix(rovers.count)
        let concurrentCalls = calls.suffix(rovers.count)
        let slowest = concurrentCalls.map(\.duration).max() ?? 0
        let sum = sequentialCalls.map(\.duration).reduce(0, +)

        context.record("sequential_total_seconds", "sequential: total", seconds: sequentialTime)
        context.record("sum_of_calls_seconds", "sequential: sum of the three calls", seconds: sum)
        context.record(
            "sequential_max_in_flight", "sequential: most calls in flight", count: sequentialMeter.stats.maxInFlight)
        context.record("concurrent_total_seconds", "async let: total", seconds: concurrentTime)
        context.record("slowest_call_seconds", "async let: slowest single call", seconds: slowest)
        context.record(
            "concurrent_max_in_flight", "async let: most calls in flight", count: concurrentMeter.stats.maxInFlight)
        context.record("speedup", "speed-up", ratio: sequentialTime / concurrentTime)

        var table = Table(headers: ["rover", "newest photo", "camera", "earth date"])
        for photo in concurrentPhotos {
            table.append([photo.rover.name, "#\(photo.id)", photo.camera.name, photo.earthDate])
        }
        console.table(table)
        // "About" only when it was: a loaded machine can add more than the calls themselves took.
        let likeSlowest = concurrentTime <= 1.25 * slowest ? "about its slowest call" : "more than its slowest call"
        let likeSum = sequentialTime <= 1.25 * sum ? "the sum of its calls" : "more than the sum of its calls"
        console.paragraph(
            """
            Sequential: \(sequentialTime.formattedAsDuration), \(likeSum) \
            (\(sum.formattedAsDuration)). async let: \(concurrentTime.formattedAsDuration), \(likeSlowest) \
            (\(slowest.formattedAsDuration)); \(
                inFlight(concurrent: concurrentMeter.stats.maxInFlight, sequential: sequentialMeter.stats.maxInFlight)
            ). Same photos (\(sequentialPhotos.count) and \(concurrentPhotos.count)), \(
                sooner(sequential: sequentialTime, concurrent: concurrentTime)).
            """)
    }

    /// What the service saw, from its meter: three at once is what async let allows, not what a
    /// loaded machine always gives (a child started after another's call ended meets fewer).
    static func inFlight(concurrent: Int, sequential: Int) -> String {
        let seen = "the service saw \(CountWords.of(concurrent, "call")) in flight at once instead of \(sequential)"
        guard concurrent < 3 else { return seen }
        return seen
            + " (the three bindings were made together, but this run's machine began one only after another had ended)"
    }

    /// How much sooner, only where it was: a stalled run can make the bindings no quicker.
    static func sooner(sequential: Double, concurrent: Double) -> String {
        let ratio = sequential / concurrent
        return ratio >= 1.05
            ? "\(ratio.formattedAsRatio) sooner" : "and no sooner on this run (the machine held the calls up)"
    }
}
