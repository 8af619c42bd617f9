// mistake: extends the given DemoModel to change what the check reads
// expect: only your own types
import LabCore

extension DemoModel {
    func touch() {}
}

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { await model.doSomething() }
}
