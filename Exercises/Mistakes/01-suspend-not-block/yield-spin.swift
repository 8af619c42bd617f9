// mistake: spins until 5 s have passed, yielding on each turn: the calls interleave and finish together, but the CPU is busy the whole time
// expect: kept the CPU busy
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let end = ContinuousClock.now + work.scale.duration(sourceSeconds: 5)
    while ContinuousClock.now < end { await Task.yield() }
    return Date()
}
