import Foundation
import LabCore

// Exercise 01 · sync-vs-async · Suspend, don't block
//
// ConcurrencyDemo's takesTooLong() waits 5 seconds. The book uses Thread.sleep,
// which Swift 6 forbids in async code; `work.block(sourceSeconds:)` still compiles,
// and holds its thread the whole time. With two CPUs, only two calls can wait at once.
//
// TODO: make takesTooLong() wait by suspending, so any number of calls can wait together.
// Check with: swift run lab check 01

func takesTooLong(_ work: SimulatedWork) async -> Date {
    work.block(sourceSeconds: 5)
    return Date()
}
