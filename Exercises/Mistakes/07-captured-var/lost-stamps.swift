// mistake: children return their stamps but the loop keeps only the last one
// expect: expected stamps for tasks
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 { group.addTask { (i, await takesTooLong(work)) } }
        var last: [Int: Date] = [:]
        for await (task, date) in group { last = [task: date] }
        return last
    }
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
