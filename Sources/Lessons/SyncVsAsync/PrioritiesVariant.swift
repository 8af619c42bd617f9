import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// Task priorities: hints to the scheduler. Measured, not assumed.
enum PrioritiesVariant {
    static let variant = LessonVariant("priorities", title: "Priorities: .background queued first, .high queued second")
    { context in
        let console = context.console
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        let perPriority = 4 * cpus
        let workEach = context.scale.duration(sourceSeconds: 0.4)
        console.paragraph(
            """
            The book lists the priorities from .high to .background and calls them a hint. We fill the \
            executor with \(perPriority) CPU-bound .background tasks, then queue \(perPriority) .high \
            ones behind them (each runs a CPU loop sized for \(context.stated(seconds: workEach.seconds))). If priority changed \
            scheduling, the .high tasks would overtake the queue and finish first on average.
            """)
        let probe = context.probe
        let units = CPUWork.units(for: workEach)
        let clock = ContinuousClock()
        let start = clock.now
        let finishes = await withTaskGroup(of: (TaskPriority, Double).self) { group in
            for (priority, label) in [(TaskPriority.background, "background"), (.high, "high")] {
                for index in 1...perPriority {
                    group.addTask(priority: priority) {
                        await probe.withLane("\(label) \(index)") {
                            probe.syncSpan("compute", kind: .cpu) { _ = CPUWork.run(units: units) }
                        }
                        return (priority, start.duration(to: clock.now).seconds)
                    }
                }
            }
            var finishes: [(TaskPriority, Double)] = []
            for await finish in group { finishes.append(finish) }
            return finishes
        }
        let high = finishes.filter { $0.0 == .high }.map(\.1)
        let background = finishes.filter { $0.0 == .background }.map(\.1)
        let meanHigh = high.reduce(0, +) / Double(high.count)
        let meanBackground = background.reduce(0, +) / Double(background.count)
        let firstFive = finishes.sorted { $0.1 < $1.1 }.prefix(5).map { $0.0 == .high ? "high" : "background" }

        context.record("mean_finish_high_seconds", ".high tasks finished on average at", seconds: meanHigh)
        context.record(
            "mean_finish_background_seconds", ".background tasks finished on average at", seconds: meanBackground)
        context.record(
            "high_vs_background", ".high mean finish ÷ .background mean finish", ratio: meanHigh / meanBackground)
        context.record("first_to_finish", "first five to finish", text: firstFive.joined(separator: ", "))

        let verdict = Self.verdict(meanHigh: meanHigh, meanBackground: meanBackground)
        console.paragraph(
            """
            .high tasks finished on average at \(meanHigh.formattedAsDuration), .background ones at \
            \(meanBackground.formattedAsDuration). \(verdict) Priority still matters for escalation \
            and on other platforms, so set it to say what you mean; just do not rely on it for order.
            """)
    }

    /// Whether priority changed the order here, in words chosen by the measured means. On an Apple
    /// platform the run is already "there": it is not told to run the variant on one.
    static func verdict(meanHigh: Double, meanBackground: Double, onApplePlatform: Bool = onApplePlatform) -> String {
        guard meanHigh >= 0.8 * meanBackground else {
            return "The .high tasks overtook the queue: on this platform the executor honoured priority."
        }
        let heldOrder =
            "The .high tasks did not overtake: the tasks finished in about the order they were queued, so on this machine priority did not change scheduling."
        return onApplePlatform
            ? heldOrder
                + " Here priorities are Dispatch's quality-of-service classes, and still the queue's order held on this run."
            : heldOrder
                + " Apple platforms hand priorities to Dispatch's quality-of-service classes, where the result can differ: run this variant there to see."
    }

    /// Whether this build runs on an Apple platform, where priorities are quality-of-service classes.
    static var onApplePlatform: Bool {
        #if canImport(Darwin)
            true
        #else
            false
        #endif
    }
}
