// mistake: returns a task that does nothing
// expect: never ran
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task { }
}
