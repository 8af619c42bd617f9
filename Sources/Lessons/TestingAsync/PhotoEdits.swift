import LabCore

/// The code under test for order: the photo list's edits. Each edit renders a thumbnail and
/// then writes the list's log, in an unstructured task, and `apply` hands back that task so a
/// test can await it (no race on *when*). What is left is the order the edits land in.
protocol PhotoEditing: Sendable {
    func apply(_ edit: PhotoEdit) async -> Task<Void, Never>
    var log: [String] { get async }
}

/// One edit of the list: its name and the thumbnail work it does before it writes the log.
struct PhotoEdit: Sendable, Equatable {
    let name: String
    let renderTime: Duration
}

/// The edits as nonisolated code writes them: `Task {}` here starts on the global executor, so
/// two edits may run on two threads at once.
final class GlobalPhotoEdits: PhotoEditing {
    private let entries = Locked<[String]>([])

    func apply(_ edit: PhotoEdit) -> Task<Void, Never> {
        Task { [entries] in
            _ = CPUWork.burn(for: edit.renderTime)
            entries.withLock { $0.append(edit.name) }
        }
    }

    var log: [String] { entries.withLock { $0 } }
}

/// A global actor on a serial executor of its own: one thread that runs jobs first in, first
/// out (`DedicatedThreadExecutor`). Its thread starts on first use and lasts the process, as a
/// global actor does.
@globalActor
actor PhotoEditsActor {
    static let shared = PhotoEditsActor()
    private static let executor = DedicatedThreadExecutor(name: "lab.photo-edits")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

/// The same edits isolated to that actor. A closure *explicitly* isolated to it (`@PhotoEditsActor
/// in`) is enqueued straight onto its executor, in the order the tasks are created (SE-0431); a
/// plain `Task {}` that only inherits an actor is not promised that, so the attribute is written out.
@PhotoEditsActor
final class SerialPhotoEdits: PhotoEditing {
    private(set) var log: [String] = []

    nonisolated init() {}

    func apply(_ edit: PhotoEdit) -> Task<Void, Never> {
        Task { @PhotoEditsActor in
            _ = CPUWork.burn(for: edit.renderTime)
            self.log.append(edit.name)
        }
    }
}

/// The order-dependent test the lesson runs many times: two edits, then the log must list them
/// in the order they were applied.
enum PhotoEditTests {
    /// Adding renders a new thumbnail; renaming redraws only its caption, so it is quicker.
    static let edits = [
        PhotoEdit(name: "add moon.jpg", renderTime: .milliseconds(2)),
        PhotoEdit(name: "rename moon.jpg", renderTime: .microseconds(500)),
    ]

    static func keepsTheOrder(_ model: some PhotoEditing) async -> Bool {
        var tasks: [Task<Void, Never>] = []
        for edit in edits { tasks.append(await model.apply(edit)) }
        for task in tasks { await task.value }
        return await model.log == edits.map(\.name)
    }
}
