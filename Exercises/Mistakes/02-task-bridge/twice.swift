// mistake: calls doSomething twice
// expect: 2 times
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        await model.doSomething()
        await model.doSomething()
    }
}
