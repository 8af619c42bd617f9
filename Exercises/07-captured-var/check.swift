import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 3

func runCheck(_ report: CheckReport) async {
    // 5 source seconds are 200 ms here (CheckServices.work makes them 50 ms): beside waits this
    // long, the bound below can sit far from both overlapping waits and waits in turn.
    // The waits counted as they start: one per task, or a date was shared.
    let waits = Locked(0)
    let work = SimulatedWork(scale: TimeScale(factor: 0.04)) { starting in
        if starting { waits.withLock { $0 += 1 } }
    }
    let clock = ContinuousClock()
    let started = Date()
    report.waiting("collectTimeStamps")
    var stamps: [Int: Date] = [:]
    let elapsed = await clock.measure { stamps = await collectTimeStamps(work) }
    report.expect(stamps.keys.sorted() == [1, 2, 3, 4, 5], "a time stamp for each of the 5 tasks",
                  otherwise: "expected stamps for tasks 1–5, got \(stamps.keys.sorted())")
    let early = stamps.values.filter { $0.timeIntervalSince(started) < 0.18 }.count
    let waited = waits.withLock { $0 }
    report.expect(early == 0 && !stamps.isEmpty && waited == 5, "each stamp was taken after its own task's 5 s wait (5 waits)",
                  otherwise: early > 0 || stamps.isEmpty
                      ? "\(early) stamp(s) came before their task waited: each child must return takesTooLong()'s date"
                      : "takesTooLong() waited \(waited) time(s) for 5 tasks: each child calls it once and returns its own date")
    // One after the other takes at least 1 s (no wait ends early); together about 200 ms. The
    // bound leaves a correct answer 400 ms of stalls; waits in turn miss it by at least 400 ms.
    report.expect(elapsed < .milliseconds(600), "the five waits overlapped (\(elapsed.humanReadable) in all)",
                  otherwise: "collectTimeStamps took \(elapsed.humanReadable): the five 200 ms waits ran one after the other")
}
