// alternative: five async lets, awaited together
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    async let one = takesTooLong(work)
    async let two = takesTooLong(work)
    async let three = takesTooLong(work)
    async let four = takesTooLong(work)
    async let five = takesTooLong(work)
    let dates = await [one, two, three, four, five]
    return Dictionary(uniqueKeysWithValues: zip(1...5, dates))
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
