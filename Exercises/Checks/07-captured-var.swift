import Foundation
import LabKit

func runCheck(_ report: CheckReport) async {
    let clock = ContinuousClock()
    report.waiting("collectTimeStamps")
    var stamps: [Int: Date] = [:]
    let elapsed = await clock.measure { stamps = await collectTimeStamps(CheckServices.work) }
    report.expect(stamps.keys.sorted() == [1, 2, 3, 4, 5], "a time stamp for each of the 5 tasks",
                  otherwise: "expected stamps for tasks 1–5, got \(stamps.keys.sorted())")
    report.expect(elapsed < .milliseconds(150), "the five waits overlapped (\(elapsed.humanReadable) in all)",
                  otherwise: "collectTimeStamps took \(elapsed.humanReadable): the five 50 ms waits ran one after the other")
}
