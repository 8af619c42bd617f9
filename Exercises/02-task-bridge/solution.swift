import LabCore

// Exercise 02 · solution: Task {} is the bridge from synchronous to async code.

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { await model.doSomething() }
}
