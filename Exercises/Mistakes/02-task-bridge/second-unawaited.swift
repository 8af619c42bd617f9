// mistake: returns the right task, but starts a second, unawaited one that calls doSomething() again
// expect: 2 times
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { await model.doSomething() }
    return Task { await model.doSomething() }
}
