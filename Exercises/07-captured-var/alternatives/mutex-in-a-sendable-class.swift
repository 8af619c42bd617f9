// alternative: the children file their dates in a Sendable class that holds a Mutex (the compiler checks the locking); the parent reads it once the group is done, as actor-box does with an actor
import Foundation
import LabCore
import Synchronization

// The stamps in a box the children share: a Mutex, whose locking the compiler checks. Each child
// files its own date as its wait ends; the parent reads the box once the group is done.
final class StampBox: Sendable {
    private let stamps = Mutex<[Int: Date]>([:])
    func file(_ date: Date, for task: Int) { stamps.withLock { $0[task] = date } }
    var all: [Int: Date] { stamps.withLock { $0 } }
}

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    let box = StampBox()
    await withTaskGroup(of: Void.self) { group in
        for i in 1...5 {
            group.addTask { box.file(await takesTooLong(work), for: i) }
        }
    }
    return box.all
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
