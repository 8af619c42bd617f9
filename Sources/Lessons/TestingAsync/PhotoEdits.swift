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
/// two edits may run on two threads at once. Each edit's work is timed, so a
/// run that ends out of order can say how (measured, not guessed from the CPUs).
final class GlobalPhotoEdits: PhotoEditing {
    private let entries = Locked<[String]>([])
    private let works = Locked<[String: EditWork]>([:])

    func apply(_ edit: PhotoEdit) -> Task<Void, Never> {
        Task { [entries, works] in
            let start = ContinuousClock.now
            _ = CPUWork.burn(for: edit.renderTime)
            let end = ContinuousClock.now
            entries.withLock { $0.append(edit.name) }
            works.withLock { $0[edit.name] = EditWork(start: start, end: end) }
        }
    }

    var log: [String] { entries.withLock { $0 } }

    /// Each edit's work, by the edit's name, once its task has ended.
    var work: [String: EditWork] { works.withLock { $0 } }
}

/// When one edit's work ran. Its work never suspends, so two edits' work overlapping in time
/// ran on two threads.
struct EditWork: Sendable, Equatable {
    let start: ContinuousClock.Instant
    let end: ContinuousClock.Instant
}

/// How a run on the global executor that ended out of order came to: what its two edits' timed
/// work shows.
enum ReorderCause: Sendable, Equatable {
    /// The two edits' work overlapped in time, on two threads.
    case overlapped
    /// The quicker edit's work ran and ended before the first edit's began.
    case secondRanFirst
    /// The first edit's work ended before the second's began, yet it wrote the log later.
    case firstHeldBeforeItsWrite
    /// The timing was not recorded.
    case unknown

    init(first: EditWork?, second: EditWork?) {
        guard let first, let second else {
            self = .unknown
            return
        }
        if first.start < second.end && second.start < first.end {
            self = .overlapped
        } else if second.end <= first.start {
            self = .secondRanFirst
        } else {
            self = .firstHeldBeforeItsWrite
        }
    }
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

    /// The test on the global executor, and, when it failed, what the edits' timed work shows.
    static func keepsTheOrderOrSaysWhy(_ model: GlobalPhotoEdits) async -> (kept: Bool, cause: ReorderCause?) {
        let kept = await keepsTheOrder(model)
        let work = model.work
        return (kept, kept ? nil : ReorderCause(first: work[edits[0].name], second: work[edits[1].name]))
    }

    static func keepsTheOrder(_ model: some PhotoEditing) async -> Bool {
        var tasks: [Task<Void, Never>] = []
        for edit in edits { tasks.append(await model.apply(edit)) }
        for task in tasks { await task.value }
        return await model.log == edits.map(\.name)
    }
}
