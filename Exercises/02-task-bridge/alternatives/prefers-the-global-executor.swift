// alternative: a task that prefers the global concurrent executor (SE-0417), so the work runs off any actor it was started on
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task(executorPreference: globalConcurrentExecutor) {
        await model.doSomething()
    }
}
