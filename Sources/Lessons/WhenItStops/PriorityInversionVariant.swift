import LabConsole
import LabCore
import LabScenarios
import LabTrace
import LessonKit

/// Priority inversion: a `.high` task waits on work running at `.background`. Swift raises
/// the work's priority when it can see who is being waited for; through a continuation
/// or a stream it cannot.
enum PriorityInversionVariant {
    enum Way: String, Sendable, CaseIterable {
        case taskValue = "await task.value"
        case stream = "await an AsyncStream the work feeds"

        var key: String { self == .taskValue ? "task_value" : "stream" }
    }

    /// What the `.background` work saw of itself, and how long the `.high` task waited.
    struct Seen: Sendable, Equatable {
        let way: Way
        let before: TaskPriority
        /// The highest `Task.currentPriority` the work read while the `.high` task waited.
        let highest: TaskPriority
        let waited: Double
    }

    /// Starts `.background` work, has a `.high` task wait for it one way, and returns what
    /// the work read of its own priority before and during the wait.
    static func observe(_ way: Way, work: Duration) async -> Seen {
        let started = Locked(false)
        let waiting = Locked(false)
        let (finished, announce) = AsyncStream.makeStream(of: Void.self)
        let worker = Task.detached(priority: .background) { () -> (before: TaskPriority, highest: TaskPriority) in
            let before = Task.currentPriority
            started.withLock { $0 = true }
            // Suspends until the .high task waits: nothing here needs two tasks running at once.
            while !waiting.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
            var highest = Task.currentPriority
            let clock = ContinuousClock()
            let deadline = clock.now + work
            while clock.now < deadline {
                CPUWork.burn(for: .microseconds(200))
                highest = max(highest, Task.currentPriority)
            }
            announce.yield()
            announce.finish()
            return (before, highest)
        }
        // The .high task starts only once the work has read its own priority: awaited earlier,
        // the work would start already escalated.
        while !started.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
        let waiter = Task.detached(priority: .high) { () -> Double in
            let clock = ContinuousClock()
            let start = clock.now
            waiting.withLock { $0 = true }
            switch way {
            case .taskValue: _ = await worker.value
            case .stream: for await _ in finished {}
            }
            return start.duration(to: clock.now).seconds
        }
        let waited = await waiter.value
        let seen = await worker.value
        return Seen(way: way, before: seen.before, highest: seen.highest, waited: waited)
    }

    static let variant = LessonVariant(
        "priority-inversion", title: "Priority inversion: a .high task waiting on .background work"
    ) { context in
        let console = context.console
        let workSeconds = 2.0
        console.paragraph(
            """
            A .background task is syncing the library when the user taps and a .high task needs \
            its result. The sync keeps working for \(context.describe(sourceSeconds: workSeconds)) \
            and reads Task.currentPriority as it goes. The .high task waits for it two ways: by \
            awaiting the task itself, and by awaiting a stream the sync feeds when it is done.
            """)
        var seen: [Seen] = []
        for way in Way.allCases {
            let result = await context.probe.span(".high waits: \(way.key)", kind: .suspending) {
                await observe(way, work: context.scale.duration(sourceSeconds: workSeconds))
            }
            seen.append(result)
            context.record(
                "\(way.key)_escalated", "\(way.rawValue): the work's priority rose",
                flag: result.highest > result.before)
            context.recordInTable(
                Figure(
                    key: "\(way.key)_highest", label: "\(way.rawValue): the work's highest priority while awaited",
                    value: 0, unit: .text, text: result.highest.sourceName))
            context.recordInTable(
                Figure(
                    key: "\(way.key)_waited", label: "\(way.rawValue): the .high task waited", value: result.waited,
                    unit: .seconds))
        }
        var table = Table(
            headers: ["the .high task", "work's priority before", "while awaited", ".high waited"], rightAligned: [3])
        for result in seen {
            table.append([
                result.way.rawValue, result.before.sourceName, result.highest.sourceName,
                result.waited.formattedAsDuration,
            ])
        }
        console.table(table)
        for result in seen { console.paragraph(PriorityInversionNarration.sentence(result)) }
        let mayGoBelowZero = await ThreadPriority.mayGoBelowNiceZero()
        console.paragraph(PriorityInversionNarration.platformNote(mayGoBelowZero: mayGoBelowZero))
    }
}

/// One sentence per way, chosen from what the work read (tested for each outcome).
enum PriorityInversionNarration {
    static func sentence(_ seen: PriorityInversionVariant.Seen) -> String {
        let waited = seen.waited.formattedAsDuration
        switch (seen.way, seen.highest > seen.before) {
        case (.taskValue, true):
            return
                "Awaiting the task escalated it: the work read \(seen.before.sourceName), then \(seen.highest.sourceName) while the .high task waited \(waited). The runtime knows which task is awaited, so it raises that task to the waiter's priority."
        case (.taskValue, false):
            return
                "Awaiting the task did not raise its priority on this run (\(seen.before.sourceName) throughout, \(waited) waited): this runtime did not escalate it."
        case (.stream, false):
            return
                "Through the stream, the work stayed \(seen.before.sourceName) for all of the \(waited) the .high task waited: an inversion. A stream, a continuation or a semaphore does not say who will answer, so the runtime cannot raise anyone."
        case (.stream, true):
            return
                "Through the stream, the work still rose to \(seen.highest.sourceName) (\(waited) waited): something else escalated it on this run."
        }
    }

    /// Linux: not "a task's priority sets its thread's nice value": beside a busy process,
    /// task-apis saw a `.high` task resume on a thread at nice 10 (helper 141's audit).
    /// `mayGoBelowZero`: whether this process may set a nice value below 0 (Linux: tried on a
    /// thread of its own, since a user namespace shows CAP_SYS_NICE the kernel then refuses), nil
    /// where that was not tried. A process with the right may
    /// (root, here) is seen at nice -2 in task-apis, so the rule is said with what this one may do.
    static func platformNote(mayGoBelowZero: Bool?) -> String {
        let rule = "Only a process with the right (CAP_SYS_NICE or a raised RLIMIT_NICE) can go below nice 0"
        let nice: String =
            switch mayGoBelowZero {
            case true?: "\(rule), and this one can: a thread of its own set itself to nice -1 on this run."
            case false?:
                "\(rule), and this one cannot: the kernel refused a thread of its own nice -1 on this run. A listed capability is no proof: inside a user namespace, as in a rootless container, CAP_SYS_NICE shows in /proc/self/status and the kernel still refuses."
            case nil: "\(rule)."
            }
        return
            "What a raised priority buys depends on the platform. On Apple platforms priorities are quality-of-service classes and an escalated task's thread gets an override. On Linux Dispatch's threads carry nice values instead, and a task runs at the nice value of whichever thread picks it up, which need not match the task's priority. \(nice) Where the runtime cannot escalate, the .high task waits at the work's priority: on a busy machine, behind everything above it (task-apis --variant priority-escalation measures the threads)."
    }
}
