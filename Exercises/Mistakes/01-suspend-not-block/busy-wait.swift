// mistake: spins in a loop until 5 s have passed (holds the thread, no sleep call to spot)
// expect: held a thread
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let end = Date().addingTimeInterval(0.05)
    while Date() < end {}
    return Date()
}
