// alternative: children record the first error in a Mutex and return nil; the parent cancels the rest when it hears a nil, then throws that error
import LabScenarios
import Synchronization

final class FirstError: Sendable {
    let error = Mutex<(any Error)?>(nil)
}

func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let first = FirstError()
    let manifests = await withTaskGroup(of: PhotoManifest?.self) { group in
        for rover in rovers {
            group.addTask {
                do { return try await api.photoManifest(rover: rover) } catch {
                    first.error.withLock { if $0 == nil { $0 = error } }
                    return nil
                }
            }
        }
        var manifests: [PhotoManifest] = []
        for await manifest in group {
            if let manifest { manifests.append(manifest) } else if first.error.withLock({ $0 }) != nil { group.cancelAll() }
        }
        return manifests
    }
    if let error = first.error.withLock({ $0 }) { throw error }
    return manifests
}
