// alternative: the returned task runs the work as a child of a task group, which it awaits: a child is not a task of its own
import LabCore

// The returned task runs the work as a child in a discarding task group (room for more work per tap).
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        await withDiscardingTaskGroup { group in
            group.addTask { await model.doSomething() }
        }
    }
}
