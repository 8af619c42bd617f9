// alternative: Task.immediate, which runs on the caller's thread up to its first suspension (the hop to the model)
import LabCore

// Starts at once on the caller's thread, up to its first suspension (the hop to the model).
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task.immediate { await model.doSomething() }
}
