// alternative: collectTimeStamps on the main actor, as the view that shows the stamps; the children wait off it and return their dates, and the main actor fills the dictionary as each comes
import Foundation
import LabCore

// On the main actor, as the view that shows the stamps: the children still wait off it, and
// return their dates; the main actor fills the dictionary as each comes.
@MainActor
func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask { (i, await takesTooLong(work)) }
        }
        for await (task, date) in group {
            timeStamps[task] = date
        }
    }
    return timeStamps
}

nonisolated func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
