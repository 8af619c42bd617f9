// mistake: calls doSomething twice
// expect: 2 times
import LabKit

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        await model.doSomething()
        await model.doSomething()
    }
}
