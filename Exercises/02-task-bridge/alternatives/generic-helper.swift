// alternative: a generic helper starts the task
import LabCore

// A small bridge helper, reusable by every button: starts the async action and hands back its task.
private func launch(_ action: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    Task(priority: .userInitiated, operation: action)
}

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    launch { await model.doSomething() }
}
