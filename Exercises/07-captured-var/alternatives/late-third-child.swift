// alternative: the solution; the third child is stalled 200 ms after its wait, as a busy machine may stall its thread (a spin stands for the stall: a sleep would be a timer of its own, which the watch rightly counts)
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask {
                let date = await takesTooLong(work)
                if i == 3 { stall(for: .milliseconds(200)) }
                return (i, date)
            }
        }
        for await (task, date) in group {
            timeStamps[task] = date
        }
    }
    return timeStamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}

/// Holds the thread without suspending, as a stalled machine holds it: no timer, no wake.
func stall(for duration: Duration) {
    let end = ContinuousClock.now + duration
    while ContinuousClock.now < end {}
}
