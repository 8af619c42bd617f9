import Foundation
import LabCore

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// The demo's model: doSomething() takes a while and counts its calls, as they start
/// (a call still under way counts) and as they finish.
actor DemoModel {
    private(set) var calls = 0
    private(set) var started = 0
    func doSomething() async {
        started += 1
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
    report.expect(returned < .milliseconds(20), "buttonTapped() returned at once (\(returned.humanReadable))",
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
