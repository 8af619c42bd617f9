import Dispatch
import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// `DispatchGroup` (enter, leave, notify) → a task group, loading the four rovers' latest photo counts.
enum DispatchGroupVariant {
    static let rovers = ["Curiosity", "Perseverance", "Opportunity", "Spirit"]
    static let latency = Duration.milliseconds(100)

    /// The GCD original: one callback per rover on a global queue, results appended under a lock,
    /// and `notify` when the last one leaves.
    static func loadWithDispatchGroup(completion: @escaping @Sendable ([String: Int]) -> Void) {
        let group = DispatchGroup()
        let results = Locked<[String: Int]>([:])
        for rover in rovers {
            group.enter()
            DispatchQueue.global().asyncAfter(deadline: .now() + latency.seconds) {
                results.withLock { $0[rover] = rover.count * 25 }
                group.leave()
            }
        }
        group.notify(queue: .global()) { completion(results.withLock { $0 }) }
    }

    /// The task group: each child returns its value, the group collects them, no lock.
    static func loadWithTaskGroup() async -> [String: Int] {
        await withTaskGroup(of: (String, Int).self) { group in
            for rover in rovers {
                group.addTask {
                    try? await Task.sleep(for: latency)
                    return (rover, rover.count * 25)
                }
            }
            var results: [String: Int] = [:]
            for await (rover, count) in group { results[rover] = count }
            return results
        }
    }

    static let variant = LessonVariant("dispatch-group", title: "DispatchGroup enter/leave/notify → a task group") {
        context in
        let console = context.console
        console.paragraph(
            "Each rover's latest photos take \(context.stated(seconds: latency.seconds)) to arrive. The GCD version enters a DispatchGroup per rover, appends under a lock, and hears back in notify; the task group's children return their values and the group collects them."
        )
        let clock = ContinuousClock()
        var start = clock.now
        let viaGroup = await withCheckedContinuation { continuation in
            loadWithDispatchGroup { continuation.resume(returning: $0) }
        }
        let groupSeconds = (clock.now - start).seconds
        start = clock.now
        let viaTasks = await loadWithTaskGroup()
        let taskSeconds = (clock.now - start).seconds
        var table = Table(headers: ["way", "rovers loaded", "took"], rightAligned: [1, 2])
        table.append(["DispatchGroup + notify", "\(viaGroup.count)", groupSeconds.formattedAsDuration])
        table.append(["withTaskGroup", "\(viaTasks.count)", taskSeconds.formattedAsDuration])
        console.table(table)
        context.record("group_seconds", "DispatchGroup: all rovers", seconds: groupSeconds)
        context.record("task_group_seconds", "task group: all rovers", seconds: taskSeconds)
        context.record("same_results", "both loaded the same counts", flag: viaGroup == viaTasks)
        let sequential = latency.seconds * Double(rovers.count)
        console.paragraph(
            DispatchGroupNarration.sentences(
                groupSeconds: groupSeconds, taskSeconds: taskSeconds, sequential: context.stated(seconds: sequential),
                sequentialSeconds: sequential, same: viaGroup == viaTasks
            ).joined(separator: " "))
    }
}

/// The dispatch-group sentences, chosen from the figures (tested for each outcome).
enum DispatchGroupNarration {
    static func sentences(
        groupSeconds: Double, taskSeconds: Double, sequential: String, sequentialSeconds: Double, same: Bool
    ) -> [String] {
        var lines: [String] = []
        let bothOverlapped = groupSeconds < sequentialSeconds / 2 && taskSeconds < sequentialSeconds / 2
        lines.append(
            bothOverlapped
                ? "Both loaded the rovers at once: \(groupSeconds.formattedAsDuration) and \(taskSeconds.formattedAsDuration), where one after another would take \(sequential)."
                : "The loads took \(groupSeconds.formattedAsDuration) (DispatchGroup) and \(taskSeconds.formattedAsDuration) (task group), against \(sequential) one after another: this machine was too busy to overlap them fully."
        )
        lines.append(
            same
                ? "Same results; what the task group removes is the bookkeeping: no enter/leave to pair (a missing leave hangs notify forever, an extra one crashes), no lock around the results, and cancelling the caller cancels the children."
                : "The results differed, which is a bug in one of the two.")
        return lines
    }
}
