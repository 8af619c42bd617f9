// alternative: uses Task.detached
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let task = Task.detached { await model.doSomething() }
    return task
}
