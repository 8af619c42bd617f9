import Foundation
import LabConsole
import LabCore
import LabTrace
import LessonKit

/// The book's `withTaskGroup` of five `takesTooLong()` tasks.
enum FiveTasksVariant {
    static let variant = LessonVariant("five-tasks", title: "ConcurrencyDemo: five takesTooLong() tasks in a group") {
        context in
        let console = context.console
        console.paragraph(
            """
            doSomething() adds five tasks to a group; each awaits takesTooLong() (which suspends for \
            \(context.describe(sourceSeconds: 5))) and prints its completion time. The book notes \
            that they all finish together and not in the order they were added.
            """)
        let demo = ConcurrencyDemo(context: context)
        let order = await Stopwatch.time { await doSomething(demo) }
        let spans = context.probe.spans.named("takesTooLong()")
        let inLaunchOrder = order.0 == order.0.sorted()
        context.record("total_seconds", "the group took", seconds: order.1)
        context.record("max_overlap", "tasks waiting at once", count: spans.maximumOverlap)
        context.record("completion_order", "completion order", text: order.0.map(String.init).joined(separator: ", "))
        context.record("in_launch_order", "completed in launch order", flag: inLaunchOrder)
        // Each claim from this run: all five at once, and about one delay, only when they were.
        let delay = context.scale.duration(sourceSeconds: ConcurrencyDemo.delay).seconds
        let together =
            spans.maximumOverlap == spans.count ? "All five waited together" : "They did not all wait together"
        let length =
            order.1 <= 1.25 * delay
            ? "about one delay (\(context.stated(seconds: delay)))"
            : "more than one delay (\(context.stated(seconds: delay)))"
        console.paragraph(
            """
            \(together) (\(spans.maximumOverlap) at once) and the group took \
            \(order.1.formattedAsDuration), \(length). This time they completed in the order \
            \(order.0.map(String.init).joined(separator: ", "))\(inLaunchOrder ? ", launch order by chance" : ""): \
            nothing promises launch order, so code that needs an order must sort or key its results.
            """)
    }

    /// The book's doSomething(), returning the order the tasks completed in.
    static func doSomething(_ demo: ConcurrencyDemo) async -> [Int] {
        await withTaskGroup(of: Int.self) { group in
            for i in 1...5 {
                group.addTask {
                    await demo.probe.withLane("task \(i)") {
                        let result = await demo.takesTooLong(announce: false)
                        demo.say("Completed Task \(i) = \(Timestamp.string(result))")
                        return i
                    }
                }
            }
            var order: [Int] = []
            for await i in group { order.append(i) }
            return order
        }
    }
}
