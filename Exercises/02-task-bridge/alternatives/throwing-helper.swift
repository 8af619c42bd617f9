// alternative: a throwing helper that skips the work when cancelled, its error dropped by try? in the task
import LabCore

private func run(_ model: DemoModel) async throws {
    try Task.checkCancellation()
    await model.doSomething()
}

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { try? await run(model) }
}
