import Foundation
import LabKit
@testable import StudentCode

let plannedExpectations = 1

func runCheck(_ report: CheckReport) async {
    // A lost update is luck: on a busy machine one round may lose nothing. Several
    // fresh rounds (each a few milliseconds) make an unsafe counter's loss all but certain.
    let tasks = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)
    let each = CheckServices.random(in: 4000...6000)
    let expected = tasks * each
    report.waiting("\(tasks) tasks recording \(each) downloads each")
    for round in 1...6 {
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
            return report.fail("\(expected - total) of \(expected) downloads were lost (round \(round)): the counter has a data race")
        }
    }
    report.pass("all \(expected) downloads counted, in 6 rounds of \(tasks) tasks")
}
