// alternative: suspends; the fifth call wakes 200 ms late, as a stalled machine may wake it
// permits: kept state
import Foundation
import LabCore

actor Calls {
    var count = 0
    func next() -> Int { count += 1; return count }
}
let callCounter = Calls()

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    if await callCounter.next() == 5 { try? await Task.sleep(for: .milliseconds(200)) }
    return Date()
}
