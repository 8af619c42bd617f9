// mistake: Thread.sleep hidden behind a typealias and odd spacing
// expect: Thread.sleep
import Foundation
import LabCore

typealias Worker = Thread
func takesTooLong(_ work: SimulatedWork) async -> Date {
    Worker .
        sleep(forTimeInterval: 0.05)
    return Date()
}
