import Foundation
import LabKit
@testable import StudentCode

let plannedExpectations = 2

func runCheck(_ report: CheckReport) async {
    let work = CheckServices.work
    let clock = ContinuousClock()
    report.waiting("one takesTooLong() call")
    let one = await clock.measure { _ = await takesTooLong(work) }
    report.expect(one >= .milliseconds(45), "takesTooLong() still waits its 5 seconds (50 ms at the check's scale)",
                  otherwise: "takesTooLong() returned after \(one.humanReadable); it must still wait 5 source seconds (50 ms here)")
    // Four calls per core: blocked threads finish a wave per core count, so holding
    // a thread takes at least 4× one call on any machine; suspending takes about 1×.
    let calls = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
    report.waiting("\(calls) takesTooLong() calls at once")
    let many = await clock.measure {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<calls { group.addTask { _ = await takesTooLong(work) } }
        }
    }
    report.expect(many < one * 3, "\(calls) calls at once took \(many.humanReadable): they waited together",
                  otherwise: "\(calls) calls at once took \(many.humanReadable), several times one call (\(one.humanReadable)): each call held a thread while it waited")
}
