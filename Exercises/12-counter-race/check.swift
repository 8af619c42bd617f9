import Foundation
import LabCore
@testable import StudentCode

let plannedExpectations = 1

func runCheck(_ report: CheckReport) async {
    // A lost update is luck: on a busy machine one round may lose nothing (measured
    // here: an unsafe counter lost nothing in 6 rounds once in six verify runs). So
    // rounds repeat, fresh counter each time, for up to a second and a half, and any
    // loss fails. A correct counter spends the whole budget; each round takes ~40 ms.
    let tasks = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)
    let each = CheckServices.random(in: 4000...6000)
    let expected = tasks * each
    report.waiting("rounds of \(tasks) tasks recording \(each) downloads each")
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(1500)
    var rounds = 0
    repeat {
        rounds += 1
        let counter = DownloadCounter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<each { await counter.recordDownload() }
                }
            }
        }
        let total = await counter.total
        if total != expected {
            return report.fail("\(expected - total) of \(expected) downloads were lost (round \(rounds)): the counter has a data race")
        }
    } while clock.now < deadline
    report.pass("all \(expected) downloads counted, in each of \(rounds) rounds of \(tasks) tasks")
}
