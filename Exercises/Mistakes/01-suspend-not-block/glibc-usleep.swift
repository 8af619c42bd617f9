// mistake: blocks with Glibc.usleep
// expect: usleep
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    usleep(50_000)
    return Date()
}
