// alternative: awaits the one element of a stream that a task sends as its wait ends
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    let (ended, sender) = AsyncStream.makeStream(of: Void.self)
    let waiter = Task {
        try? await work.suspend(sourceSeconds: 5)
        sender.yield()
        sender.finish()
    }
    for await _ in ended { break }
    await waiter.value
    return Date()
}
