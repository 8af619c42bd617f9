import LabConsole
import LabCore
import LabTrace
import LessonKit

/// What `Task {}` and `Task.detached {}` inherit from where they start.
enum UnstructuredVsDetachedVariant {
    /// A task-local value, like a request id a logger would attach.
    enum RequestContext {
        @TaskLocal static var requestID: String?
    }

    /// What a task sees of its surroundings, read from inside it.
    struct Inheritance: Sendable {
        let isolation: Isolation
        /// The priority the task runs at when read: escalation can raise it above the base.
        let priority: TaskPriority
        /// The priority the task was created with (`Task.basePriority`): what it inherited, or
        /// not; escalation leaves it alone. Nil outside a task.
        var basePriority: TaskPriority? = nil
        let requestID: String?
        let cancelled: Bool

        /// The priority a task started with: its base, or what it ran at where no base was read.
        var startingPriority: TaskPriority { basePriority ?? priority }

        static func here(_ isolation: isolated (any Actor)? = #isolation) -> Inheritance {
            Inheritance(
                isolation: Isolation(isolation), priority: Task.currentPriority, basePriority: Task.basePriority,
                requestID: RequestContext.requestID, cancelled: Task.isCancelled)
        }
    }

    static let variant = LessonVariant(
        "unstructured-vs-detached", title: "Task {} vs Task.detached {}: what each inherits"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A parent task on the main actor, at priority .high, with a task-local request id, starts \
            one Task {} and one Task.detached {}. Each child waits \(context.describe(sourceSeconds: 1)) \
            and then reports what it sees. While they wait, we cancel the parent.
            """)
        let probe = context.probe
        let work = context.work
        let parent = Task(priority: .high) { @MainActor in
            await probe.withLane("parent") {
                await RequestContext.$requestID.withValue("tap #1") {
                    let child = Task {
                        await probe.withLane("Task {}") {
                            await probe.span("wait", kind: .suspending) { try? await work.suspend(sourceSeconds: 1) }
                            return Inheritance.here()
                        }
                    }
                    let detached = Task.detached {
                        await probe.withLane("Task.detached {}") {
                            await probe.span("wait", kind: .suspending) { try? await work.suspend(sourceSeconds: 1) }
                            return Inheritance.here()
                        }
                    }
                    let before = Inheritance.here()
                    let childSaw = await child.value
                    let detachedSaw = await detached.value
                    return (before, Inheritance.here(), childSaw, detachedSaw)
                }
            }
        }
        try await Task.sleep(for: context.scale.duration(sourceSeconds: 0.3))
        probe.mark("parent.cancel()")
        parent.cancel()
        let (parentBefore, parentAfter, child, detached) = await parent.value

        var table = Table(headers: ["", "parent", "Task {}", "Task.detached {}"])
        table.append([
            "runs on", parentBefore.isolation.description, child.isolation.description, detached.isolation.description,
        ])
        table.append([
            "priority it was given", parentBefore.startingPriority.sourceName, child.startingPriority.sourceName,
            detached.startingPriority.sourceName,
        ])
        table.append([
            "priority at the end", parentAfter.priority.sourceName, child.priority.sourceName,
            detached.priority.sourceName,
        ])
        table.append([
            "task-local requestID", parentBefore.requestID ?? "nil", child.requestID ?? "nil",
            detached.requestID ?? "nil",
        ])
        table.append([
            "cancelled after parent.cancel()", yes(parentAfter.cancelled), yes(child.cancelled),
            yes(detached.cancelled),
        ])
        console.table(table)

        context.record("task_isolation", "Task {} ran on", text: child.isolation.description)
        context.record("detached_isolation", "Task.detached {} ran on", text: detached.isolation.description)
        context.record("task_priority", "Task {} priority at the end", text: child.priority.sourceName)
        context.record("detached_priority", "Task.detached {} priority at the end", text: detached.priority.sourceName)
        context.record(
            "task_base_priority", "Task {} priority it was given", text: child.startingPriority.sourceName)
        context.record(
            "detached_base_priority", "Task.detached {} priority it was given",
            text: detached.startingPriority.sourceName)
        context.record("task_request_id", "Task {} requestID", text: child.requestID ?? "nil")
        context.record("detached_request_id", "Task.detached {} requestID", text: detached.requestID ?? "nil")
        context.record(
            "children_cancelled", "children cancelled with the parent",
            count: [child.cancelled, detached.cancelled].filter { $0 }.count)
        console.paragraph(narrate(parent: parentBefore, child: child, detached: detached))
    }

    /// What each child took from the parent, compared figure by figure (tested for each outcome):
    /// the actor, the priority it was given (its base, which escalation does not change) and the
    /// task-local value. A detached task still waiting when the .high parent awaits its value is
    /// escalated: it then ends at .high without having inherited it, and the sentence says so.
    static func narrate(parent: Inheritance, child: Inheritance, detached: Inheritance) -> String {
        func took(_ seen: Inheritance) -> [String] {
            var taken: [String] = []
            if seen.isolation == parent.isolation { taken.append("actor") }
            if seen.startingPriority == parent.startingPriority { taken.append("priority") }
            if seen.requestID != nil && seen.requestID == parent.requestID { taken.append("task-local value") }
            return taken
        }
        func words(_ name: String, _ taken: [String]) -> String {
            switch taken.count {
            case 0: "\(name) took none of them"
            case 3: "\(name) took the parent's actor, priority and task-local value"
            default: "\(name) took the parent's \(taken.joined(separator: " and ")), no more"
            }
        }
        var text = words("Task {}", took(child)) + "; " + words("Task.detached {}", took(detached)) + "."
        if detached.priority != detached.startingPriority {
            text +=
                " Task.detached {} was given \(detached.startingPriority.sourceName) yet ended at \(detached.priority.sourceName): "
                + "it was still waiting when the parent awaited its value, and awaiting a task raises it to the waiter's "
                + "priority (escalation). That is not inheritance: its base priority stayed \(detached.startingPriority.sourceName)."
        }
        let cancelled = [("Task {}", child.cancelled), ("Task.detached {}", detached.cancelled)].filter(\.1).map(\.0)
        guard cancelled.isEmpty else {
            return text
                + " Yet \(cancelled.joined(separator: " and ")) reported being cancelled with its parent, which an "
                + "unstructured task should not: only its own handle can cancel it. That is a bug in the runtime or the lab."
        }
        return text
            + " Neither was cancelled with its parent: both are unstructured, so only their own handle can cancel "
            + "them. Structured children (async let, task groups) are the ones cancelled with their parent; the "
            + "next lessons show them."
    }

    static func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
