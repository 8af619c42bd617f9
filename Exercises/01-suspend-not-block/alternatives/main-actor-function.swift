// alternative: the function isolated to the main actor, the default of a UI target: it suspends
// there, so the main actor, like the pool's threads, is free while every call waits
import Foundation
import LabCore

@MainActor
func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
