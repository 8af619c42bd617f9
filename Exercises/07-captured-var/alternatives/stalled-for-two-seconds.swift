// alternative: the solution; the third child is stalled 1.8 s after its wait, as a busy machine may stall its thread (a spin stands for the stall: a sleep would be a timer of its own, which the watch rightly counts): the waits let go last past 2 s, and nothing of the check's may wake while they are watched (its look for fewer waits, at 2 s, was a task's sleep)
import Foundation
import LabCore

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: (Int, Date).self) { group in
        for i in 1...5 {
            group.addTask {
                let date = await takesTooLong(work)
                if i == 3 { stall(for: .milliseconds(1_800)) }
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
