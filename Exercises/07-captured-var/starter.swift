import Foundation
import LabCore

// Exercise 07 · for-await · Make it compile: timeStamps
//
// ConcurrencyDemo stores each task's completion time in a dictionary, writing to it
// from inside the child tasks. Five tasks writing one dictionary at once is a data
// race, and Swift 6 refuses to compile it. Run `swift run lab check 07` to read why.
//
// TODO: make it compile the book's way: each child returns (task, date), and this
// function alone fills the dictionary in a `for await` loop. The five waits must
// still overlap.

func collectTimeStamps(_ work: SimulatedWork) async -> [Int: Date] {
    var timeStamps: [Int: Date] = [:]
    await withTaskGroup(of: Void.self) { group in
        for i in 1...5 {
            group.addTask {
                timeStamps[i] = await takesTooLong(work)
            }
        }
    }
    return timeStamps
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    try? await work.suspend(sourceSeconds: 5)
    return Date()
}
