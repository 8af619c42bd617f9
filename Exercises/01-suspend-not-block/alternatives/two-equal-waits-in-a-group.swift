// alternative: two equal waits side by side in a task group (each woken once, by its own end), awaited together
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { try? await work.suspend(sourceSeconds: 5) }
        group.addTask { try? await Task.sleep(for: work.scale.duration(sourceSeconds: 5)) }
        await group.waitForAll()
    }
    return Date()
}
