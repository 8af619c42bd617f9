// alternative: the wait in an async let, awaited before the date is taken
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    async let waited: Void? = try? await work.suspend(sourceSeconds: 5)
    _ = await waited
    return Date()
}
