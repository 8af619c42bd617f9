import CheckChannel

/// Where the running task was made, as the channel saw its making (`swift_task_create`, the
/// program's own definition): by a thread's own code, where no task ran (a `Task {}` in a queue's
/// block or a thread's body, work handed to a thread), or in another task (a child, a `Task {}`, a
/// `Task.detached`). A task-local of the caller's tells a task of its from neither: a detached task
/// inherits none, and 28's fetches in detached tasks, awaited, were told they were handed to a
/// thread that waits (helper 179).
enum TaskOrigin {
    /// True when the running task was made where no task ran (the check's own first task too: ask
    /// only where a task of the check's is told apart otherwise, by a task-local); false when made
    /// in a task, or not seen made; nil where the channel cannot tell.
    static var madeFromAThread: Bool? {
        var id: UInt32 = 0
        guard lab_check_running_task_id(&id) != 0 else { return nil }
        switch lab_check_made_from_a_thread(id) {
        case 1: return true
        case 0: return false
        default: return nil
        }
    }
}
