// alternative: a Button type that starts its action in one task, the action a main-actor closure
import LabCore

/// Starts any async action the way a button would: one task, handed back.
struct Button {
    let action: @Sendable () async -> Void
    func tap() -> Task<Void, Never> { Task(priority: .userInitiated, operation: action) }
}

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Button { @MainActor in await model.doSomething() }.tap()
}
