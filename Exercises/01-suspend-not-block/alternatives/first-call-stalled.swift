// alternative: the solution; its first call ends 350 ms late (948 ms), in one wait, as a busy machine that stalled it would
// permits: kept state
import Foundation
import LabCore
import Synchronization

let callsSoFar = Mutex(0)

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let call = callsSoFar.withLock { count in
        count += 1
        return count
    }
    // 7.9 source seconds are 948 ms at the first call's scale (5 are 600 ms).
    try? await work.suspend(sourceSeconds: call == 1 ? 7.9 : 5)
    return Date()
}
