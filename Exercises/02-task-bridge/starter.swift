import LabCore

// Exercise 02 · sync-vs-async · Start async work from a synchronous button
//
// The ConcurrencyDemo button's action is synchronous, but doSomething() is async.
// A synchronous function cannot `await`. It can start a task, though.
//
// TODO: make buttonTapped() start `model.doSomething()` and return the task, so the
// caller can wait for it. buttonTapped() itself must return at once.

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    return Task {}
}
