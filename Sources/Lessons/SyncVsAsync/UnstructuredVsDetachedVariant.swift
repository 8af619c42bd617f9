import LabCore
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
        let priority: TaskPriority
        let requestID: String?
        let cancelled: Bool

        static func here(_ isolation: isolated (any Actor)? = #isolation) -> Inheritance {
            Inheritance(
                isolation: Isolation(isolation), priority: Task.currentPriority,
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
            "priority", parentBefore.priority.sourceName, child.priority.sourceName, detached.priority.sourceName,
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
        context.record("task_priority", "Task {} priority", text: child.priority.sourceName)
        context.record("detached_priority", "Task.detached {} priority", text: detached.priority.sourceName)
        context.record("task_request_id", "Task {} requestID", text: child.requestID ?? "nil")
        context.record("detached_request_id", "Task.detached {} requestID", text: detached.requestID ?? "nil")
        context.record(
            "children_cancelled", "children cancelled with the parent",
            count: [child.cancelled, detached.cancelled].filter { $0 }.count)
        console.paragraph(
            """
            Task {} took the parent's actor, priority and task-local value; Task.detached {} took \
            none of them. Neither was cancelled with its parent: both are unstructured, so only \
            their own handle can cancel them. Structured children (async let, task groups) are \
            the ones cancelled with their parent; the next lessons show them.
            """)
    }

    static func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
}
