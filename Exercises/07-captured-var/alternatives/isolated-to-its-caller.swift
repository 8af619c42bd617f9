// alternative: the solution isolated to its caller (an isolated parameter that defaults to #isolation): the check calls it from no actor, so it runs off any actor, the children still waiting in parallel and returning their dates
import Foundation
import LabCore

// Isolated to whoever calls it: from no actor, as the check calls it, it runs off every actor.

func collectTimeStamps(_ work: SimulatedWork, isolation: isolated (any Actor)? = #isolation) async -> [Int: Date] {
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

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
