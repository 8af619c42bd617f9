// alternative: one sleep on a SuspendingClock until a deadline worked out first, with a tolerance of 1 ms
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let clock = SuspendingClock()
    let deadline = clock.now.advanced(by: work.scale.duration(sourceSeconds: 5))
    try? await clock.sleep(until: deadline, tolerance: .milliseconds(1))
    return Date()
}
