import LabConsole
import LabCore
import LessonKit

/// `withTaskExecutorPreference` (SE-0417) with a custom `TaskExecutor`: which code of a task
/// tree moves to the preferred executor, measured by the thread each call ran on.
enum ExecutorPreferenceVariant {
    /// Where one call ran.
    struct Placement: Sendable, Equatable {
        let key: String
        let call: String
        let isolation: Isolation
        let onExecutorThread: Bool
    }

    /// A photo-resizing helper that is not on any actor: `@concurrent` says so in every mode.
    @concurrent static func resize(_ key: String, _ call: String, executor: DedicatedThreadExecutor) async -> Placement
    {
        Placement(key: key, call: call, isolation: .current(), onExecutorThread: executor.isCurrentThread)
    }

    /// A default actor: no executor of its own choosing.
    actor ThumbnailCache {
        func store(_ key: String, _ call: String, executor: DedicatedThreadExecutor) -> Placement {
            Placement(key: key, call: call, isolation: .current(), onExecutorThread: executor.isCurrentThread)
        }
    }

    @MainActor static func showOnScreen(_ key: String, _ call: String, executor: DedicatedThreadExecutor) -> Placement {
        Placement(key: key, call: call, isolation: .current(), onExecutorThread: executor.isCurrentThread)
    }

    /// The photo pipeline, off any actor, with a preference for `io` around its work.
    @concurrent static func pipeline(io: DedicatedThreadExecutor, cache: ThumbnailCache) async -> [Placement] {
        await withTaskExecutorPreference(io) {
            var found = [
                Placement(
                    key: "body", call: "the preference's own body", isolation: .current(),
                    onExecutorThread: io.isCurrentThread)
            ]
            found.append(await resize("concurrent", "@concurrent resize()", executor: io))
            async let lettered = resize("async_let", "async let resize()", executor: io)
            found += await withTaskGroup(of: Placement.self) { group in
                group.addTask { await resize("group_child", "task group child", executor: io) }
                var children: [Placement] = []
                for await child in group { children.append(child) }
                return children
            }
            found.append(await lettered)
            found.append(await cache.store("default_actor", "ThumbnailCache (a default actor)", executor: io))
            found.append(await showOnScreen("main_actor", "@MainActor showOnScreen()", executor: io))
            found.append(await Task { await resize("unstructured", "Task {} created inside", executor: io) }.value)
            return found
        }
    }

    /// Why a call ran where it did, said only when the run agrees with the rule.
    static func reason(for placement: Placement) -> String {
        switch (placement.key, placement.onExecutorThread) {
        case ("no_preference", false): "global executor"
        case ("body", true): "inside the preference"
        case ("concurrent", true), ("group_child", true), ("async_let", true): "inherits the preference"
        case ("default_actor", true): "default actor: goes where preferred"
        case ("main_actor", false): "keeps its own executor"
        case ("unstructured", false): "Task {} does not inherit it"
        case ("task_preference", true): "preference given at creation"
        default: "not what SE-0417 describes"
        }
    }

    /// The sentence: how many calls moved to the executor's thread, and which did not.
    static func narrate(_ placements: [Placement], executorName: String) -> String {
        let moved = placements.filter(\.onExecutorThread)
        let stayed = placements.filter { !$0.onExecutorThread }.map(\.call)
        var text = "\(moved.count) of \(placements.count) calls ran on \(executorName)'s thread."
        if !stayed.isEmpty { text += " Not: \(stayed.joined(separator: "; "))." }
        return text
    }

    static let variant = LessonVariant(
        "executor-preference", title: "withTaskExecutorPreference and a custom TaskExecutor"
    ) { context in
        let console = context.console
        console.paragraph(
            """
            A TaskExecutor decides where a task's nonisolated code runs (SE-0417, Swift 6.0). The lab's \
            DedicatedThreadExecutor runs every job on one thread of its own, like an I/O thread. The photo \
            code runs once without a preference and then inside withTaskExecutorPreference(io); each call \
            checks whether it is on that thread.
            """)
        let io = DedicatedThreadExecutor(name: "lab.io")
        defer { io.stop() }
        var placements = [await resize("no_preference", "@concurrent resize(), no preference", executor: io)]
        placements += await pipeline(io: io, cache: ThumbnailCache())
        placements.append(
            await Task(executorPreference: io) {
                await resize("task_preference", "Task(executorPreference: io)", executor: io)
            }.value)

        var table = Table(headers: ["call", "isolation", "on io's thread", "why"])
        for placement in placements {
            table.append([
                placement.call, placement.isolation.description, placement.onExecutorThread ? "yes" : "no",
                reason(for: placement),
            ])
            context.recordInTable(
                Figure(
                    key: "on_executor.\(placement.key)", label: "\(placement.call) ran on io's thread",
                    value: placement.onExecutorThread ? 1 : 0, unit: .flag))
        }
        console.table(table)
        console.paragraph(narrate(placements, executorName: "io"))
        console.paragraph(
            """
            A preference moves work, not isolation: the actor and the main actor keep their rules, and \
            a slow executor (one thread here) becomes everyone's bottleneck. Use it to keep blocking I/O \
            off the global executor's few threads.
            """)
        context.record("io_jobs", "jobs run by io", count: io.jobsRun)
    }
}
