// alternative: the model's method taken as an async closure and handed to Task(operation:)
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let action: @Sendable () async -> Void = model.doSomething
    return Task(operation: action)
}
