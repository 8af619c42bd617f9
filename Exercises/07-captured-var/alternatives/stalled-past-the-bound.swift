// alternative: the solution; the third child wakes 500 ms late, as a machine stalled past the time bound may wake it: all five waits were still under way at once
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask {
                let date = await takesTooLong(work)
                if i == 3 { try? await Task.sleep(for: .milliseconds(500)) }
                return (i, date)
            }
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
