// alternative: the returned task runs the work as an async let child and awaits it: a child is part of the task, its cancel inherited
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        async let work: Void = model.doSomething()
        await work
    }
}
