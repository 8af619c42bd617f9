import Foundation
import LabKit

// Given: compiled into your module (StudentCode) beside your file, so your code can use it.
/// The demo's model: doSomething() takes a while and counts its calls.
actor DemoModel {
    private(set) var calls = 0
    func doSomething() async {
        try? await Task.sleep(for: .milliseconds(40))
        calls += 1
    }
}

// MARK: - The check
import Foundation
import LabKit
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
    let calls = await model.calls
    report.expect(calls == 1, "the task ran doSomething() once",
                  otherwise: calls == 0 ? "doSomething() never ran: the task you returned does not call it" : "doSomething() ran \(calls) times, not once")
}
