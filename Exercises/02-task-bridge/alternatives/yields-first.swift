// alternative: the task suspends once before the work (Task.yield) so the tap's UI updates first
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task {
        await Task.yield()  // let the tap's UI update first
        await model.doSomething()
    }
}
