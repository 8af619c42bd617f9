// alternative: returns 60 ms late, as a thread stalled by a busy machine would: it still did not wait for the work
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let task = Task { await model.doSomething() }
    let stalled = ContinuousClock.now + .milliseconds(60)
    while ContinuousClock.now < stalled {}
    return task
}
