// alternative: an own type whose `func wait() async` suspends; the given signature names SimulatedWork, whose only blocking member is block
import Foundation
import LabCore

// A waiter for one piece of work: its wait suspends for the work's 5 source seconds.
struct Waiter {
    let work: SimulatedWork

    func wait() async {
        try? await work.suspend(sourceSeconds: 5)
    }
}

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let waiter = Waiter(work: work)
    await waiter.wait()
    return Date()
}
