// alternative: children file their manifests in a Mutex; the parent awaits waitForAll(), which throws the first failure
import LabScenarios
import Synchronization

final class Filed: Sendable {
    let manifests = Mutex<[PhotoManifest]>([])
}

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    let filed = Filed()
    try await withThrowingTaskGroup(of: Void.self) { group in
        for rover in rovers {
            group.addTask {
                let manifest = try await api.photoManifest(rover: rover)
                filed.manifests.withLock { $0.append(manifest) }
            }
        }
        try await group.waitForAll()
    }
    return filed.manifests.withLock { $0 }
}
