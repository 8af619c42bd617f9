// mistake: returns made-up stamps without waiting
// expect: before their task waited
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    Dictionary(uniqueKeysWithValues: (1...5).map { ($0, Date()) })
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
