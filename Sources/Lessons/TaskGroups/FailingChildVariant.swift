import Foundation
import LabConsole
import LabCore
import LabScenarios
import LessonKit

/// One child of a throwing group fails: the group cancels its siblings.
enum FailingChildVariant {
    static let variant = LessonVariant(
        "failing-child", title: "The error leaves the group's body, and the group cancels the siblings"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The same fetchPhotoManifests(), but Opportunity's manifest request fails after \
            \(context.describe(sourceSeconds: 0.5)). The error leaves `reduce`, so it leaves the \
            group's body; the group then cancels the children still running and waits for them \
            before the error reaches the caller.
            """)
        let failures = FailureInjection(rate: 1, error: .unavailable, onlyMatching: "Opportunity", failsAfter: 0.5)
        let (marsData, meter) = context.marsData(failures: failures)
        let (outcome, total) = await Stopwatch.time { () -> String in
            do {
                _ = try await marsData.fetchPhotoManifests()
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let stats = meter.stats
        let siblings = stats.calls - 2  // minus the rover list and the failing call
        context.record("error", "error caught", text: outcome)
        context.record("total_seconds", "the error reached the caller after", seconds: total)
        context.record("siblings", "siblings running", count: siblings)
        context.record("siblings_cancelled", "siblings cancelled", count: stats.cancelled)
        context.record("siblings_completed", "siblings completed anyway", count: stats.completed - 1)
        console.output("caught: \(outcome)")
        console.paragraph(
            "The caller got \"\(outcome)\" after \(total.formattedAsDuration). "
                + siblingsSentence(siblings: siblings, cancelled: stats.cancelled))
    }

    /// What became of the other requests: chosen from the counts, as a sibling can answer before
    /// the group gets to cancel it (a run late on a busy machine, a tiny `--scale`).
    static func siblingsSentence(siblings: Int, cancelled: Int) -> String {
        let answered = siblings - cancelled
        let were = { (count: Int) in count == 1 ? "1 was" : "\(count) were" }
        if answered == 0 {
            return "Of the \(siblings) other manifest requests, \(were(cancelled)) cancelled mid-flight and their "
                + "calls stopped (the service counted them as cancelled), so nobody waited for downloads whose "
                + "result would be thrown away."
        }
        if cancelled == 0 {
            return "None of the \(siblings) other manifest requests was cancelled: on this run each had answered "
                + "before the group cancelled its children, and their results were thrown away with the group."
        }
        return "Of the \(siblings) other manifest requests, \(were(cancelled)) cancelled mid-flight and their calls "
            + "stopped; \(answered == 1 ? "1 had" : "\(answered) had") already answered before the group cancelled "
            + "its children, and \(answered == 1 ? "its result was" : "their results were") thrown away with the group."
    }
}
