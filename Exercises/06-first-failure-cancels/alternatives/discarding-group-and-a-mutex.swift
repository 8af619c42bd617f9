// alternative: a discarding group, which cancels the rest when a child throws, and the manifests in a Mutex
import LabScenarios
import Synchronization

final class Manifests: Sendable {
    let list = Mutex<[PhotoManifest]>([])
}

// A discarding group cancels the rest when a child throws; the manifests are kept in a Mutex.
func fetchAllManifests(of rovers: [Rover], using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let kept = Manifests()
    try await withThrowingDiscardingTaskGroup { group in
        for rover in rovers {
            group.addTask {
                let manifest = try await api.photoManifest(rover: rover)
                kept.list.withLock { $0.append(manifest) }
            }
        }
    }
    return kept.list.withLock { $0 }
}
