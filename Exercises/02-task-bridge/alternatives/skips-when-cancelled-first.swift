// alternative: the task looks for cancellation before it starts the work, and skips it when cancelled first
import LabCore

// Starts the work in a task; if the caller cancelled it before it began, it does not start the work at all.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        guard !Task.isCancelled else { return }
        await model.doSomething()
    }
}
