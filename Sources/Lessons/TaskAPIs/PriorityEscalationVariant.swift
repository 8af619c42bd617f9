import LabConsole
import LabCore
import LabTrace
import LessonKit

/// Priority escalation (SE-0462): a `.high` task awaits a `.background` one. What Swift
/// raises (the task's priority) and what the operating system does with it (the thread's).
enum PriorityEscalationVariant {
    /// The background task's view of itself at one moment.
    struct Moment: Sendable, Equatable {
        let taskPriority: TaskPriority
        let thread: ThreadPriority
    }

    struct Observation: Sendable, Equatable {
        /// As it started.
        let start: Moment
        /// Still running, after the `.high` task began awaiting it (or after a timeout).
        let whileRunning: Moment
        /// After its next suspension, on whichever thread resumed it.
        let afterResuming: Moment
        /// What `withTaskPriorityEscalationHandler` was told, if it was called.
        var handlerSaw: (old: TaskPriority, new: TaskPriority)?

        static func == (lhs: Observation, rhs: Observation) -> Bool {
            lhs.start == rhs.start && lhs.whileRunning == rhs.whileRunning && lhs.afterResuming == rhs.afterResuming
                && lhs.handlerSaw?.old == rhs.handlerSaw?.old && lhs.handlerSaw?.new == rhs.handlerSaw?.new
        }
    }

    /// The sentences, from what the task saw.
    static func narrate(_ seen: Observation) -> [String] {
        var sentences: [String] = []
        let raised = seen.whileRunning.taskPriority > seen.start.taskPriority
        if raised {
            sentences.append(
                "Awaiting it from a .high task raised the task's own priority while it ran: "
                    + "\(seen.start.taskPriority.sourceName) → \(seen.whileRunning.taskPriority.sourceName).")
        } else {
            sentences.append(
                "The task's priority stayed \(seen.start.taskPriority.sourceName): no escalation on this run.")
        }
        if let handler = seen.handlerSaw {
            sentences.append(
                "withTaskPriorityEscalationHandler was called with \(handler.old.sourceName) → \(handler.new.sourceName)."
            )
        } else if raised {
            sentences.append("The escalation handler was not called.")
        }
        // With no raise, the threads' figures explain nothing about one: they are only given.
        guard raised else {
            sentences.append(
                "Its threads: \(seen.start.thread) as it started, \(seen.whileRunning.thread) while it ran, "
                    + "\(seen.afterResuming.thread) after its next suspension.")
            return sentences
        }
        let boostedRunning = seen.whileRunning.thread.rank > seen.start.thread.rank
        let boostedLater = seen.afterResuming.thread.rank > seen.start.thread.rank
        switch (boostedRunning, boostedLater) {
        case (true, _):
            sentences.append(
                "The thread running it was boosted at once (\(seen.start.thread) → \(seen.whileRunning.thread)): "
                    + "the executor overrides the running thread's priority.")
        case (false, true):
            sentences.append(
                "The thread running it kept its priority (\(seen.start.thread)) until the task suspended; it resumed on a "
                    + "thread with \(seen.afterResuming.thread). The raise took effect at the next suspension, not on the running thread."
            )
        case (false, false):
            sentences.append(
                "The threads' priority never rose (\(seen.start.thread), then \(seen.whileRunning.thread), then "
                    + "\(seen.afterResuming.thread)): on this run the raise changed the task's priority, not that of "
                    + "any thread that ran it.")
        }
        return sentences
    }

    /// Starts a `.background` task that works until it sees itself escalated (or gives up: 2 s,
    /// far longer than a busy machine takes to start the `.high` waiter, and spent only if no
    /// escalation comes),
    /// escalates it by awaiting it from a `.high` task, and returns what it saw.
    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    static func observe(giveUpAfter limit: Duration = .seconds(2)) async -> Observation {
        let started = Locked(false)
        let handlerSaw = Locked<(old: TaskPriority, new: TaskPriority)?>(nil)
        let background = Task.detached(name: "background sync", priority: .background) { () -> Observation in
            let start = Moment(taskPriority: Task.currentPriority, thread: .current)
            let whileRunning = await withTaskPriorityEscalationHandler {
                // Said only once the handler is in place: an escalation that came before it (a
                // thread preempted between the two, seen under the thread sanitizer beside a
                // build) raised the priority with no handler to tell.
                started.withLock { $0 = true }
                // CPU work that checks its own priority: escalation is visible without suspending.
                let clock = ContinuousClock()
                let deadline = clock.now + limit
                while Task.currentPriority <= start.taskPriority && clock.now < deadline {
                    BlackHole.consume(CPUWork.run(units: 200))
                }
                return Moment(taskPriority: Task.currentPriority, thread: .current)
            } onPriorityEscalated: { old, new in
                handlerSaw.withLock { $0 = (old, new) }
            }
            try? await Task.sleep(for: .milliseconds(1))
            let afterResuming = Moment(taskPriority: Task.currentPriority, thread: .current)
            return Observation(start: start, whileRunning: whileRunning, afterResuming: afterResuming, handlerSaw: nil)
        }
        while !started.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
        var seen = await Task.detached(name: "user tap", priority: .high) { await background.value }.value
        seen.handlerSaw = handlerSaw.withLock { $0 }
        return seen
    }

    static let variant = LessonVariant(
        "priority-escalation", title: "Priority escalation: what Swift raises, what the OS does"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A .background task is syncing when the user taps and a .high task awaits its result. Swift \
            escalates the awaited task to the waiter's priority (SE-0462 adds a handler to see it). \
            The background task reads its own priority, and its thread's priority as the operating \
            system sets it, as it starts, while it still runs after the tap, and after its next suspension.
            """)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
            console.paragraph(TaskAPIsLesson.needsSwift62Runtime("withTaskPriorityEscalationHandler"))
            return
        }
        let seen = await context.probe.span("background task, awaited by a .high one") { await observe() }
        var table = Table(headers: ["moment", "Task.currentPriority", "its thread"])
        table.append(["as it started", seen.start.taskPriority.sourceName, seen.start.thread.description])
        table.append([
            "running, after the tap", seen.whileRunning.taskPriority.sourceName, seen.whileRunning.thread.description,
        ])
        table.append([
            "after its next suspension", seen.afterResuming.taskPriority.sourceName,
            seen.afterResuming.thread.description,
        ])
        console.table(table)
        context.record(
            "escalated", "task priority raised while running",
            flag: seen.whileRunning.taskPriority > seen.start.taskPriority)
        context.record("handler_called", "escalation handler called", flag: seen.handlerSaw != nil)
        context.record(
            "running_thread_boosted", "running thread's priority raised",
            flag: seen.whileRunning.thread.rank > seen.start.thread.rank)
        context.record(
            "resumed_thread_higher", "resumed on a higher-priority thread",
            flag: seen.afterResuming.thread.rank > seen.start.thread.rank)
        for sentence in narrate(seen) { console.paragraph(sentence) }
    }
}
