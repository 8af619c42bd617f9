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

/// The same edits isolated to an actor whose executor is one thread that runs jobs in the order
/// they came (`DedicatedThreadExecutor`): a `Task {}` made here starts on that executor, so the
/// edits run one at a time, in the order they were applied.
actor SerialPhotoEdits: PhotoEditing {
    private let executor: DedicatedThreadExecutor
    private(set) var log: [String] = []

    init(executor: DedicatedThreadExecutor) { self.executor = executor }
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func apply(_ edit: PhotoEdit) -> Task<Void, Never> {
        Task {
            _ = CPUWork.burn(for: edit.renderTime)
            log.append(edit.name)
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
