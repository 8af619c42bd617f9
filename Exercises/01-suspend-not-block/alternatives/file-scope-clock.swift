// alternative: a clock for the whole file, sleeping the work's scaled five seconds on it (audit U; a clock constant was refused as kept state)
import Foundation
import LabCore

// A clock for the whole file; each call sleeps the work's scaled 5 seconds on it.
private let clock = ContinuousClock()

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await clock.sleep(for: work.scale.duration(sourceSeconds: 5))
    return Date()
}
