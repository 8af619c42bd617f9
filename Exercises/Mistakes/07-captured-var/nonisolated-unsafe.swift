// mistake: silences the error with nonisolated(unsafe), spaced out
// expect: nonisolated(unsafe)
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    nonisolated( unsafe ) var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: Void.self) { group in
        for i in 1...5 { group.addTask { timeStamps[i] = await takesTooLong(work) } }
    }
    return timeStamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
