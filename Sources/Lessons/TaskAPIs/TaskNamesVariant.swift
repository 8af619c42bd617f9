import LabConsole
import LabCore
import LabTrace
import LessonKit

/// Task names (SE-0469): given at creation, read back with `Task.name`, drawn as the trace's lanes.
enum TaskNamesVariant {
    /// What one task read of its own name.
    struct Sighting: Sendable, Equatable {
        /// The figure's key: `name_seen.<key>`.
        let key: String
        let createdWith: String
        let nameInside: String?
    }

    /// The sentence, from what each task read: which kept a name, which had none.
    static func narrate(_ sightings: [Sighting]) -> String {
        let named = sightings.filter { $0.nameInside != nil }.map(\.createdWith)
        let unnamed = sightings.filter { $0.nameInside == nil }.map(\.createdWith)
        var text =
            named.isEmpty
            ? "No task read a name: this runtime keeps none (names need Swift 6.2's runtime)."
            : "The tasks given a name read it back: \(named.joined(separator: "; "))."
        if !unnamed.isEmpty {
            text +=
                " Read nil: \(unnamed.joined(separator: "; ")) — a name belongs to the one task it was given to; "
                + "children and Task {} do not inherit it, and async let has no way to give one."
        }
        return text
    }

    static let variant = LessonVariant("task-names", title: "Task names: in the runtime and in the trace") { context in
        let console = context.console
        console.paragraph(
            """
            Swift 6.2 (SE-0469) lets you name a task where you create it: Task(name:), Task.detached(name:), \
            group.addTask(name:). Debuggers show the name, Task.name reads it inside, and this lab's trace \
            draws a named task in a lane of that name. A feed loader names its tasks; each task reads \
            Task.name and does a step of work.
            """)
        // Naming a task and reading its name need the Swift 6.2 runtime (SE-0469).
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
            console.paragraph(TaskAPIsLesson.needsSwift62Runtime("Naming tasks"))
            return
        }
        let probe = context.probe
        let work = context.work
        let seen = Locked<[Sighting]>([])
        @Sendable func sight(_ key: String, _ createdWith: String) {
            seen.withLock { $0.append(Sighting(key: key, createdWith: createdWith, nameInside: TaskName.current)) }
        }
        @Sendable func step(_ key: String, _ createdWith: String) async {
            await probe.span("work", kind: .suspending) {
                sight(key, createdWith)
                try? await work.suspend(sourceSeconds: 0.1)
            }
        }
        let loader = Task(name: "load feed") {
            // The children start inside this step, so the trace knows whose children they are.
            await probe.span("start the work") {
                sight("task", "Task(name: \"load feed\")")
                async let header: Void = step("async_let", "async let in it")
                await withTaskGroup(of: Void.self) { group in
                    for index in 1...2 {
                        group.addTask(name: "thumbnail \(index)") {
                            await step("group_named_\(index)", "group.addTask(name: \"thumbnail \(index)\")")
                        }
                    }
                    group.addTask { await step("group_unnamed", "group.addTask without a name") }
                }
                await header
                await Task { await step("inner_task", "Task {} in it") }.value
            }
        }
        await loader.value
        await Task.detached(name: "upload log") { await step("detached", "Task.detached(name: \"upload log\")") }.value

        let sightings = seen.withLock { $0 }
        var table = Table(headers: ["created with", "Task.name inside"])
        for sighting in sightings {
            table.append([sighting.createdWith, sighting.nameInside.map { "\"\($0)\"" } ?? "nil"])
            context.recordInTable(
                Figure(
                    key: "name_seen.\(sighting.key)", label: sighting.createdWith,
                    value: sighting.nameInside == nil ? 0 : 1, unit: .text,
                    text: sighting.nameInside ?? "nil"))
        }
        console.table(table)
        console.paragraph(narrate(sightings))
        console.paragraph(
            """
            The steps table below names each lane after its task; a task with no name is drawn as \
            "unnamed child task", and --tree puts it under the task that started it. --trace-out FILE \
            writes the same lanes as Perfetto tracks.
            """)
    }
}
