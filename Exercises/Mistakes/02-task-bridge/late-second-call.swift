// mistake: the returned task calls doSomething(), and a forgotten task calls it again a moment later
// expect: 2 times
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        try? await Task.sleep(for: .milliseconds(100))
        await model.doSomething()
    }
    return Task { await model.doSomething() }
}
