// alternative: children write into an actor instead of returning values
import Foundation
import LabCore

actor StampBox {
    var stamps: [Int: Date] = [:]
    func put(_ task: Int, _ date: Date) { stamps[task] = date }
}

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    let box = StampBox()
    await withTaskGroup(of: Void.self) { group in
        for i in 1...5 { group.addTask { await box.put(i, await takesTooLong(work)) } }
    }
    return await box.stamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
