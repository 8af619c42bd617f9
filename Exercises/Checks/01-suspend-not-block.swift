import Foundation
import LabKit

func runCheck(_ report: CheckReport) async {
    let work = CheckServices.work
    let clock = ContinuousClock()
    report.waiting("one takesTooLong() call")
    let one = await clock.measure { _ = await takesTooLong(work) }
    report.expect(one >= .milliseconds(45), "takesTooLong() still waits its 5 seconds (50 ms at the check's scale)",
                  otherwise: "takesTooLong() returned after \(one.humanReadable); it must still wait 5 source seconds (50 ms here)")
    report.waiting("eight takesTooLong() calls at once")
    let eight = await clock.measure {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = await takesTooLong(work) } }
        }
    }
    report.expect(eight < one * 3, "8 calls at once took \(eight.humanReadable): they waited together",
                  otherwise: "8 calls at once took \(eight.humanReadable), several times one call: each call held a thread while it waited")
}
