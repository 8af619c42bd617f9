// alternative: the solution with its children made in reverse order, task 5's first: each stamp is still filed under its own task, and its waits end out of the keys' order as the check lets them go
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in (1...5).reversed() {
            group.addTask { (i, await takesTooLong(work)) }
        }
        for await (task, date) in group {
            timeStamps[task] = date
        }
    }
    return timeStamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
