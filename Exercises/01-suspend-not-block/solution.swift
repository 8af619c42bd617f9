import Foundation
import LabCore

// Exercise 01 · solution: suspend with the scaled clock; the thread is free meanwhile.

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
