// alternative: the slow work runs in a task of its own on the main actor, awaited; it hops to the pool as it begins
import Foundation
import LabCore

// The demo's wait, started from its UI (the main actor), awaited by the caller.
func takesTooLong(_ work: SimulatedWork) async -> Date {
    await Task { @MainActor in
        try? await work.suspend(sourceSeconds: 5)
        return Date()
    }.value
}
