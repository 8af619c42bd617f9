// alternative: the solution; the calls at once all wait together but return about 750 ms after they began, as a machine that stalled them all would
// permits: kept state
import Foundation
import LabCore
import Synchronization

let callsSoFar = Mutex(0)
let callsAtOnceBegan = Mutex<ContinuousClock.Instant?>(nil)

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let call = callsSoFar.withLock { count in
        count += 1
        return count
    }
    let began = ContinuousClock.now
    try? await work.suspend(sourceSeconds: 5)
    // The check's first call is alone; the calls after it run at once. Each of those goes on
    // waiting until 750 ms after the first of them began: all late, all together, none holding a
    // thread (a stall of the whole machine does just that to a correct answer).
    if call > 1 {
        let first = callsAtOnceBegan.withLock { first in
            first = min(first ?? began, began)
            return first!
        }
        try? await Task.sleep(until: first + .milliseconds(750), clock: .continuous)
    }
    return Date()
}
