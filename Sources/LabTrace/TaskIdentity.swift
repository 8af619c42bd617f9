import Synchronization

/// A task's identity in a trace: a number given once and never reused in the process.
///
/// The runtime's own handle on a task (`withUnsafeCurrentTask { $0?.hashValue }`) is the
/// task object's address, and the allocator hands a finished task's address to the next
/// task: twenty `Task {}` started one after another would look like one task. So the probe
/// numbers tasks itself and carries the number in a task-local while a traced scope runs.
///
/// Task-locals are inherited (by `async let`, group children and `Task {}`), so a value read
/// in a task may be its parent's. It is this task's own only while the scope that bound it
/// is still running *and* it was bound in a task at this task's address: two live tasks
/// never share an address, and a task cannot outlive its own running scope. An inherited
/// value fails one of the two, and the task gets a fresh number.
final class TaskIdentity: Sendable {
    let id: Int
    /// The address key of the task that was given this identity (nil: code outside any task).
    private let owner: Int?
    private let scopeIsRunning = Atomic<Bool>(true)

    private static let counter = Atomic<Int>(0)

    private init(id: Int, owner: Int?) {
        self.id = id
        self.owner = owner
    }

    /// A fresh identity for the task at `owner`.
    static func fresh(owner: Int?) -> TaskIdentity {
        TaskIdentity(id: counter.add(1, ordering: .relaxed).newValue, owner: owner)
    }

    /// Code on a thread outside any task (a completion handler on a dispatch queue): one
    /// identity for all of it, never bound, so it draws in one lane.
    static let outsideAnyTask = TaskIdentity(id: 0, owner: nil)

    /// Called when the scope that bound this identity returns.
    func scopeEnded() { scopeIsRunning.store(false, ordering: .releasing) }

    /// Whether the task at `key` is the one this identity was given to.
    func belongs(toTask key: Int?) -> Bool {
        key != nil && key == owner && scopeIsRunning.load(ordering: .acquiring)
    }
}
