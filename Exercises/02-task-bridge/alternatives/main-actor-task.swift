// alternative: a main-actor task, as a SwiftUI button's action would start
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { @MainActor in await model.doSomething() }
}
