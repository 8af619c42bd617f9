// mistake: returns at once without waiting
// expect: must still wait
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    return Date()
}
