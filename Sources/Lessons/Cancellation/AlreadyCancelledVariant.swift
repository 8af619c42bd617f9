import LabConsole
import LabCore
import LessonKit

/// fetchPhotoManifests() calls `Task.checkCancellation()` before adding children. What
/// happens without it, when the parent is already cancelled when the group starts?
enum AlreadyCancelledVariant {
    /// What one child saw when it ran.
    struct ChildView: Sendable {
        let wasCancelled: Bool
        let priority: TaskPriority
    }

    /// What one way of adding children did inside the cancelled parent.
    struct Way: Sendable {
        var added = 0
        var ran: [ChildView] = []
        var emptyBeforeCollecting = true
        var emptyAfterCollecting = true
        var threw: String?
    }

    static let rovers = ["Curiosity", "Perseverance", "Opportunity", "Spirit"]

    /// Runs `body` in a task at priority .high that is cancelled before `body` starts.
    static func inCancelledParent(_ body: @escaping @Sendable () async -> Way) async -> Way {
        let parent = Task(priority: .high) { () -> Way in
            while !Task.isCancelled { await Task.yield() }  // wait until cancelled, as a closed tab's task
            return await body()
        }
        parent.cancel()
        return await parent.value
    }

    static func child() -> ChildView { ChildView(wasCancelled: Task.isCancelled, priority: Task.currentPriority) }

    static let variant = LessonVariant(
        "already-cancelled", title: "A parent already cancelled: addTask, addTaskUnlessCancelled, checkCancellation"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            The Rovers tab closes before its task reaches fetchPhotoManifests()'s group: the parent \
            (priority .high) is already cancelled. We add one child per rover (\(rovers.count)) three \
            ways and ask each child what it sees: Task.isCancelled and Task.currentPriority.
            """)
        let plain = await inCancelledParent {
            await withTaskGroup(of: ChildView.self) { group in
                var way = Way()
                for _ in rovers {
                    group.addTask { child() }
                    way.added += 1
                }
                way.emptyBeforeCollecting = group.isEmpty
                for await view in group { way.ran.append(view) }
                way.emptyAfterCollecting = group.isEmpty
                return way
            }
        }
        let unlessCancelled = await inCancelledParent {
            await withTaskGroup(of: ChildView.self) { group in
                var way = Way()
                for _ in rovers where group.addTaskUnlessCancelled(operation: { child() }) { way.added += 1 }
                way.emptyBeforeCollecting = group.isEmpty
                for await view in group { way.ran.append(view) }
                return way
            }
        }
        let checked = await inCancelledParent {
            do {
                return try await withThrowingTaskGroup(of: ChildView.self) { group in
                    var way = Way()
                    try Task.checkCancellation()
                    for _ in rovers {
                        group.addTask { child() }
                        way.added += 1
                    }
                    for try await view in group { way.ran.append(view) }
                    return way
                }
            } catch {
                var way = Way()
                way.threw = "\(type(of: error))"
                return way
            }
        }
        var table = Table(headers: ["way", "children ran", "born cancelled", "priority"], rightAligned: [2])
        for (name, way) in [
            ("group.addTask", plain), ("group.addTaskUnlessCancelled", unlessCancelled),
            ("try Task.checkCancellation() first", checked),
        ] {
            table.append([
                name, way.threw.map { "0 (threw \($0))" } ?? "\(way.ran.count)",
                "\(way.ran.filter(\.wasCancelled).count)", way.ran.first.map { $0.priority.sourceName } ?? "—",
            ])
        }
        console.table(table)
        context.record("add_task_ran", "addTask: children that ran", count: plain.ran.count)
        context.record(
            "add_task_born_cancelled", "addTask: children born cancelled", count: plain.ran.filter(\.wasCancelled).count
        )
        context.record(
            "unless_cancelled_ran", "addTaskUnlessCancelled: children that ran", count: unlessCancelled.ran.count)
        context.record(
            "check_threw", "checkCancellation() threw before any child",
            flag: checked.threw != nil && checked.ran.isEmpty)
        context.record(
            "is_empty_before", "group.isEmpty with children added, before collecting", flag: plain.emptyBeforeCollecting
        )
        context.record("is_empty_after", "group.isEmpty after collecting", flag: plain.emptyAfterCollecting)
        context.record(
            "child_priority", "a child's Task.currentPriority",
            text: plain.ran.first.map { $0.priority.sourceName } ?? "none ran")
        console.paragraph(
            AlreadyCancelledNarration.sentences(
                added: plain.ran.count, bornCancelled: plain.ran.filter(\.wasCancelled).count,
                unlessCancelledRan: unlessCancelled.ran.count, checkThrew: checked.threw != nil,
                priority: plain.ran.first.map { $0.priority.sourceName },
                emptyBefore: plain.emptyBeforeCollecting, emptyAfter: plain.emptyAfterCollecting
            ).joined(separator: " "))
    }
}

/// The variant's sentences, chosen from what was measured (tested for each outcome).
enum AlreadyCancelledNarration {
    static func sentences(
        added: Int, bornCancelled: Int, unlessCancelledRan: Int, checkThrew: Bool,
        priority: String?, emptyBefore: Bool, emptyAfter: Bool
    ) -> [String] {
        var lines: [String] = []
        if added > 0 && bornCancelled == added {
            lines.append(
                "addTask does not look at cancellation: all \(added) children were added and ran, each already cancelled. Code in them that checks (Task.sleep, the services) stops at once; code that does not check does all its work for nobody."
            )
        } else {
            lines.append("addTask added \(added) children, \(bornCancelled) of them already cancelled.")
        }
        lines.append(
            unlessCancelledRan == 0
                ? "addTaskUnlessCancelled added none: it returns false in a cancelled task."
                : "addTaskUnlessCancelled still added \(unlessCancelledRan) children.")
        lines.append(
            checkThrew
                ? "Task.checkCancellation() threw CancellationError before the first child, which is why fetchPhotoManifests() calls it: no child, no download, and the caller learns it was cancelled."
                : "Task.checkCancellation() did not throw.")
        if let priority {
            lines.append("Each child's Task.currentPriority was \(priority): children inherit their parent's priority.")
        }
        lines.append(
            "group.isEmpty was \(emptyBefore ? "true" : "false") with children added and \(emptyAfter ? "true" : "false") once they were all collected: it counts children not yet collected."
        )
        return lines
    }
}
