// alternative: the children fill a Mutex in a Sendable class; the fifth to finish resumes the continuation the function awaits
import Foundation
import LabCore
import Synchronization

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    let box = StampBox()
    return await withTaskGroup(of: Void.self) { group in
        await withCheckedContinuation { (continuation: CheckedContinuation<[Int: Date], Never>) in
            for i in 1...5 {
                group.addTask {
                    let date = await takesTooLong(work)
                    if let all = box.m.withLock({ b -> [Int: Date]? in b[i] = date; return b.count == 5 ? b : nil }) {
                        continuation.resume(returning: all)
                    }
                }
            }
        }
    }
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}

final class StampBox: Sendable { let m = Mutex<[Int: Date]>([:]) }
