// alternative: the solution; the third child wakes 1.8 s late, as a stalled machine may wake it: the first run takes 2 s, so the held run holds 2 s, and nothing of the check's may wake in that hold (its look for fewer waits, at 2 s, was a task's sleep)
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask {
                let date = await takesTooLong(work)
                if i == 3 { try? await Task.sleep(for: .milliseconds(1_800)) }
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
