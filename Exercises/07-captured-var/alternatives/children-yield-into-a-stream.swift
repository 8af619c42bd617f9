// alternative: the children yield into a stream; the function reads five from it
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    let (stamps, continuation) = AsyncStream.makeStream(of: (Int, Date).self)
    return await withDiscardingTaskGroup { group in
        for i in 1...5 { group.addTask { continuation.yield((i, await takesTooLong(work))) } }
        var timeStamps: [Int: Date] = [:]
        for await (task, date) in stamps.prefix(5) { timeStamps[task] = date }
        return timeStamps
    }
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
