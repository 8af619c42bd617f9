// mistake: compiles by awaiting each task in turn
// expect: one after the other
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    for i in 1...5 { timeStamps[i] = await takesTooLong(work) }
    return timeStamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
