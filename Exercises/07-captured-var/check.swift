import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    let clock = ContinuousClock()
    let started = Date()
    report.waiting("collectTimeStamps")
    var stamps: [Int: Date] = [:]
    let elapsed = await clock.measure { stamps = await collectTimeStamps(CheckServices.work) }
    report.expect(stamps.keys.sorted() == [1, 2, 3, 4, 5], "a time stamp for each of the 5 tasks",
                  otherwise: "expected stamps for tasks 1–5, got \(stamps.keys.sorted())")
    let early = stamps.values.filter { $0.timeIntervalSince(started) < 0.045 }.count
    report.expect(early == 0 && !stamps.isEmpty, "each stamp was taken after its task's 5 s wait",
                  otherwise: "\(early) stamp(s) came before their task waited: each child must return takesTooLong()'s date")
    // One after the other takes at least 250 ms (no wait ends early); together about 50 ms. The
    // bound sits near the slow side, so a busy machine has 150 ms to stall a correct answer in.
    report.expect(elapsed < .milliseconds(200), "the five waits overlapped (\(elapsed.humanReadable) in all)",
                  otherwise: "collectTimeStamps took \(elapsed.humanReadable): the five 50 ms waits ran one after the other")
}
