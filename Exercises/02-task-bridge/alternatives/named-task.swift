// alternative: a named task (SE-0469), the name shown in a debugger's task list
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    Task(name: "button tap") { await model.doSomething() }
}
