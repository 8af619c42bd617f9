// mistake: starts the task but waits for it inside the button (blocks with a semaphore)
// expect: must not wait
import Dispatch
import LabCore

func buttonTapped(_ model: DemoModel) -> Task<Void, Never> {
    let done = DispatchSemaphore(value: 0)
    let task = Task { await model.doSomething(); done.signal() }
    done.wait()
    return task
}
