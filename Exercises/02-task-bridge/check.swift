import Foundation
import LabCore
import LabScenarios

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// The demo's model: doSomething() takes a while and counts its calls, as they start
/// (a call still under way counts) and as they finish.
actor DemoModel {
    private(set) var calls = 0
    private(set) var started = 0
    /// Where doSomething() waits until the check has seen buttonTapped() return (2 s at most):
    /// a button that waits for the work cannot return before the hold opens, one that does not
    /// wait always can, however busy the machine.
    nonisolated let buttonReturned = PeakHold(peak: .max, patience: .seconds(2))

    func doSomething() async {
        started += 1
        await buttonReturned.enter()
        try? await Task.sleep(for: .milliseconds(40))
        calls += 1
    }
}

// MARK: - The check
import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 2

func runCheck(_ report: CheckReport) async {
    let model = DemoModel()
    let clock = ContinuousClock()
    let start = clock.now
    let task = buttonTapped(model)
    let returned = start.duration(to: clock.now)
    // Told by order: the hold opens only now, or after 2 s if the button waited for the work.
    // The clock's bound is generous (a busy machine can stall a thread for tens of ms); it is
    // there for a button that waits on something else.
    let waitedForTheWork = model.buttonReturned.isOpen
    model.buttonReturned.letGo()
    report.expect(!waitedForTheWork && returned < .milliseconds(200), "buttonTapped() returned at once (\(returned.humanReadable))",
                  otherwise: "buttonTapped() took \(returned.humanReadable): a button's action must not wait")
    report.waiting("the task buttonTapped() returned")
    await task.value
    let finished = await model.calls
    // Counted once more after the task is done and a grace period has passed: a second call
    // started in a task nobody awaits (or started late) is still a second call.
    try? await Task.sleep(for: .milliseconds(250))
    let started = await model.started
    report.expect(finished == 1 && started == 1, "the task ran doSomething() once, and nothing else called it",
                  otherwise: started == 0 ? "doSomething() never ran: the task you returned does not call it"
                      : finished == 0 ? "doSomething() had not finished when the task you returned did: the task must await it"
                      : "doSomething() ran \(started) times, not once (\(finished) by the time the task you returned was done)")
}
