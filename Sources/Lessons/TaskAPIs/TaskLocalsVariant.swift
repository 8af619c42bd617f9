import LabConsole
import LabCore
import LabTrace
import LessonKit

/// `@TaskLocal`: a request id through a fan-out, read by a logger in every task.
enum TaskLocalsVariant {
    /// The value a logger stamps on each line, like a server's request id.
    enum Request {
        @TaskLocal static var id: String?
    }

    /// One log line: where it was written and the request id the logger found there.
    struct Line: Sendable, Equatable {
        /// The figure's key: `request_id.<key>`.
        let key: String
        let place: String
        let requestID: String?
    }

    /// The sentence, from the ids the lines carry: who inherited `bound`, who saw another, who saw none.
    static func narrate(_ all: [Line], bound: String) -> String {
        func lines(_ prefixes: String...) -> [Line] {
            all.filter { line in prefixes.contains { line.key.hasPrefix($0) } }
        }
        func list(_ some: [Line]) -> String {
            some.map { "\($0.place): \($0.requestID ?? "nil")" }.joined(separator: "; ")
        }
        var parts: [String] = []
        let children = lines("async_let", "group_child")
        if !children.isEmpty {
            parts.append(
                children.allSatisfy { $0.requestID == bound }
                    ? "The async let and the group's children read \(bound) though nobody passed it to them."
                    : "The structured children read \(list(children)).")
        }
        let rebound = lines("rebound")
        let after = lines("after_rebinding")
        if !rebound.isEmpty {
            let retry = rebound.allSatisfy { $0.requestID == "\(bound)/retry" }
            parts.append(
                retry && after.allSatisfy { $0.requestID == bound }
                    ? "The rebinding held for its scope and the child started inside it; after it, \(bound) again."
                    : "Around the rebinding: \(list(rebound + after)).")
        }
        let detached = lines("detached")
        if let plain = detached.first(where: { $0.key == "detached" }) {
            let given = detached.first { $0.key == "detached_passed" }
            parts.append(
                plain.requestID == nil
                    ? "Task.detached read nil: it starts with no task-locals"
                        + (given?.requestID == bound ? "; given the id and bound again, it logged \(bound)." : ".")
                    : "Task.detached read \(plain.requestID ?? ""): unexpected.")
        }
        let outside = lines("outside")
        if !outside.isEmpty {
            parts.append("After withValue returned, the caller read \(outside.first?.requestID ?? "nil").")
        }
        return parts.joined(separator: " ")
    }

    /// What the Task {} that outlived the scope tells about when task-locals are copied.
    static func afterScope(_ line: Line?, bound: String) -> String? {
        guard let line else { return nil }
        if line.requestID == bound {
            return "The Task {} logged after the handler's withValue had returned and still read \(bound): "
                + "a new task copies the task-locals of its creator when it is created, not when it runs."
        }
        return "The Task {} logged after the handler's scope ended and read \(line.requestID ?? "nil"), "
            + "not \(bound): on this run it did not keep the value it was created with."
    }

    static let requestID = "req-7"

    static let variant = LessonVariant("task-locals", title: "@TaskLocal: a request id through a fan-out") { context in
        let console = context.console
        console.paragraph(
            """
            A request handler binds Request.id = "\(requestID)" with $id.withValue and fans out: an async let, \
            a task group, a rebinding for a retry, a Task {} that outlives the scope, and two Task.detached. \
            A logger reads Request.id wherever a line is written; nobody passes the id by hand. \
            (sync-vs-async's unstructured-vs-detached compares Task {} and Task.detached on one parent.)
            """)
        let lines = Locked<[Line]>([])
        let probe = context.probe
        let work = context.work
        @Sendable func log(_ key: String, _ place: String) {
            lines.withLock { $0.append(Line(key: key, place: place, requestID: Request.id)) }
        }
        var outlives: Task<Void, Never>?
        await probe.span("handle request") {
            await Request.$id.withValue(requestID) {
                log("handler", "the handler")
                async let profile: Void = log("async_let", "async let")
                await withTaskGroup(of: Void.self) { group in
                    for index in 1...2 { group.addTask { log("group_child_\(index)", "group child \(index)") } }
                }
                await profile
                await Request.$id.withValue("\(requestID)/retry") {
                    log("rebound", "the handler, inside a rebinding")
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { log("rebound_child", "a child started inside the rebinding") }
                    }
                }
                log("after_rebinding", "the handler, after the rebinding")
                outlives = Task {
                    try? await work.suspend(sourceSeconds: 0.1)
                    log("task_after_scope", "Task {}, after the handler's scope ended")
                }
                await Task.detached { log("detached", "Task.detached") }.value
                let id = Request.id
                await Task.detached {
                    Request.$id.withValue(id) { log("detached_passed", "Task.detached, given the id") }
                }.value
            }
        }
        log("outside", "the caller, after withValue returned")
        await outlives?.value

        let written = lines.withLock { $0 }
        var table = Table(headers: ["written by", "Request.id there"])
        for line in written {
            table.append([line.place, line.requestID ?? "nil"])
            context.recordInTable(
                Figure(
                    key: "request_id.\(line.key)", label: line.place,
                    value: line.requestID == nil ? 0 : 1, unit: .text, text: line.requestID ?? "nil"))
        }
        console.table(table)
        console.paragraph(narrate(written, bound: requestID))
        if let sentence = afterScope(written.first { $0.key == "task_after_scope" }, bound: requestID) {
            console.paragraph(sentence)
        }
    }
}
