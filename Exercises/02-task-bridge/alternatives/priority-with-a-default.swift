// alternative: nonisolated and spelled out, the model a sending parameter, and a priority of its own
// with a default: the check calls buttonTapped(model) as the exercise declares it
import LabCore

nonisolated func buttonTapped(_ model: sending DemoModel, priority: TaskPriority? = nil) -> Task<Void, Never> {
    Task(priority: priority) { await model.doSomething() }
}
