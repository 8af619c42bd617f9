// alternative: Task.immediate, which runs on the caller's thread up to its first suspension (the hop to the model)
import LabCore

// Starts at once on the caller's thread, up to its first suspension (the hop to the model).
// Task.immediate (SE-0472) needs the Swift 6.2 runtime: macOS 26; elsewhere, a plain task.
func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    if #available(macOS 26.0, *) {
        return Task.immediate { await model.doSomething() }
    }
    return Task { await model.doSomething() }
}
