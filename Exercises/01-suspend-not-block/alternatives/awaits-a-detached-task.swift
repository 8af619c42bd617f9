// alternative: the wait in a detached task whose value it awaits
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    await Task.detached { try? await work.suspend(sourceSeconds: 5) }.value
    return Date()
}
