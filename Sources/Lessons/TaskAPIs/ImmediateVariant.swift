import LabConsole
import LabCore
import LabTrace
import LessonKit

/// `Task {}` vs `Task.immediate {}` (SE-0472): what runs before the creating code goes on.
enum ImmediateVariant {
    /// One line of the order log: who wrote it, where, on which thread.
    struct Event: Sendable {
        let who: String
        let what: String
        let isolation: Isolation
        let thread: UInt64
    }

    /// How a task's first line related to the code that created it, read from the order log.
    struct Start: Sendable, Equatable {
        /// The task's first line was logged before the creator's next line.
        let ranBeforeCreatorWentOn: Bool
        /// ...and on the creator's thread.
        let onCreatorsThread: Bool
    }

    /// An order log several tasks write to.
    final class OrderLog: Sendable {
        private let events = Locked<[Event]>([])
        func write(_ who: String, _ what: String, isolation: isolated (any Actor)? = #isolation) {
            let event = Event(who: who, what: what, isolation: Isolation(isolation), thread: currentThreadID())
            events.withLock { $0.append(event) }
        }
        var all: [Event] { events.withLock { $0 } }

        /// Where `task`'s first line stands against the creator's line `creatorNext`.
        func start(of task: String, creatorNext: String) -> Start? {
            let all = self.all
            guard let first = all.firstIndex(where: { $0.who == task }),
                let next = all.firstIndex(where: { $0.what == creatorNext })
            else { return nil }
            return Start(ranBeforeCreatorWentOn: first < next, onCreatorsThread: all[first].thread == all[next].thread)
        }
    }

    /// The sentence for one task's start, from what the log shows.
    static func narrate(_ kind: String, _ start: Start, creator: String) -> String {
        switch (start.ranBeforeCreatorWentOn, start.onCreatorsThread) {
        case (true, true):
            "\(kind) ran its first lines at once, on the \(creator)'s thread, before the \(creator) went on: "
                + "the body starts synchronously and runs up to its first real suspension."
        case (true, false):
            "\(kind) started before the \(creator) went on, but on another thread: it was queued, and another thread "
                + "picked it up while the \(creator) was still between two lines."
        case (false, _):
            "\(kind) was only queued: the \(creator) went on first, and the body started later, when its executor was free."
        }
    }

    static let variant = LessonVariant("immediate", title: "Task {} vs Task.immediate {}: who runs first") { context in
        let console = context.console
        console.paragraph(
            """
            A button's action on the main actor starts a task that sets isLoading and then awaits the \
            network. With Task {}, the body is queued: it runs once the action returns the main actor. \
            Task.immediate (Swift 6.2, SE-0472) runs the body right away on the caller's executor, up to \
            its first suspension. Each line below was logged by the code that ran it, in order.
            """)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
            console.paragraph(TaskAPIsLesson.needsSwift62Runtime("Task.immediate"))
            return
        }
        let log = OrderLog()
        let work = context.work
        let probe = context.probe
        log.write("button action", "creates Task {}")
        let queued = Task(name: "Task {}") {
            await probe.span("set isLoading, await fetch") {
                log.write("Task {}", "first line: isLoading = true")
                try? await work.suspend(sourceSeconds: 0.2)
                log.write("Task {}", "after its first await")
            }
        }
        log.write("button action", "next line after Task {}")
        log.write("button action", "creates Task.immediate {}")
        let immediate = Task.immediate(name: "Task.immediate {}") {
            await probe.span("set isLoading, await fetch") {
                log.write("Task.immediate {}", "first line: isLoading = true")
                try? await work.suspend(sourceSeconds: 0.2)
                log.write("Task.immediate {}", "after its first await")
            }
        }
        log.write("button action", "next line after Task.immediate {}")
        await queued.value
        await immediate.value

        // From code that is not on the main actor: immediate only when the isolation matches.
        await OffMainStarter.start(log: log)

        // Threads by first appearance: T1 is the button action's.
        var threadNames: [UInt64: String] = [:]
        var table = Table(headers: ["#", "who", "logged", "ran on", "thread"], rightAligned: [0])
        for (number, event) in log.all.enumerated() {
            let thread = threadNames[event.thread] ?? "T\(threadNames.count + 1)"
            threadNames[event.thread] = thread
            table.append(["\(number + 1)", event.who, event.what, event.isolation.description, thread])
        }
        console.table(table)

        let starts: [(key: String, kind: String, start: Start?, creator: String)] = [
            ("task", "Task {}", log.start(of: "Task {}", creatorNext: "next line after Task {}"), "button action"),
            (
                "immediate", "Task.immediate {}",
                log.start(of: "Task.immediate {}", creatorNext: "next line after Task.immediate {}"), "button action"
            ),
            (
                "immediate_nonisolated", "From a @concurrent function, Task.immediate {}",
                log.start(of: OffMainStarter.sameIsolation, creatorNext: OffMainStarter.nextAfterSame),
                "@concurrent function"
            ),
            (
                "immediate_main_actor", "From the same function, Task.immediate { @MainActor in }",
                log.start(of: OffMainStarter.otherIsolation, creatorNext: OffMainStarter.nextAfterOther),
                "@concurrent function"
            ),
        ]
        for (key, kind, start, creator) in starts {
            guard let start else { continue }
            context.recordInTable(
                Figure(
                    key: "ran_before_creator.\(key)", label: "\(kind) ran before its creator went on",
                    value: start.ranBeforeCreatorWentOn ? 1 : 0, unit: .flag))
            console.paragraph(narrate(kind, start, creator: creator))
        }
        console.paragraph(
            """
            Use Task.immediate where state must change before the caller goes on (a spinner shown in \
            the same frame as the tap), and only for a body whose first lines are short: until it \
            suspends, it holds the caller's thread and actor.
            """)
    }
}

/// Starts two immediate tasks from a `@concurrent` function: one with the function's own
/// isolation (none), one isolated to the main actor, which the function is not on.
enum OffMainStarter {
    static let sameIsolation = "Task.immediate {} (nonisolated)"
    static let otherIsolation = "Task.immediate { @MainActor in }"
    static let nextAfterSame = "next line after the nonisolated one"
    static let nextAfterOther = "next line after the @MainActor one"

    @available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *)
    @concurrent static func start(log: ImmediateVariant.OrderLog) async {
        let same = Task.immediate(name: sameIsolation) {
            log.write(sameIsolation, "first line")
            await Task.yield()
        }
        log.write("@concurrent function", nextAfterSame)
        let other = Task.immediate(name: otherIsolation) { @MainActor in
            log.write(otherIsolation, "first line")
        }
        log.write("@concurrent function", nextAfterOther)
        await same.value
        await other.value
    }
}
