// mistake: returns at once without waiting
// expect: must still wait
import Foundation
import LabKit

func takesTooLong(_ work: SimulatedWork) async -> Date {
    return Date()
}
