// mistake: prints the check’s own success lines instead of doing the work
// expect: never ran
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    print("✔ buttonTapped() returned at once")
    print("✔ the task ran doSomething() once")
    return Task { }
}
