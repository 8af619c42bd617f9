// alternative: the group's results folded into the dictionary with reduce(into:), returned from the group
import Foundation
import LabCore

// Each child returns its (task, date); the group's results are folded into the dictionary.
func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask { (i, await takesTooLong(work)) }
        }
        return await group.reduce(into: [:]) { stamps, result in stamps[result.0] = result.1 }
    }
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
