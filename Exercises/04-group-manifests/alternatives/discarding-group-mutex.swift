// alternative: a discarding task group whose children put their manifests in a Mutex
import LabScenarios
import Synchronization

// A discarding group (children return nothing); each child files its manifest in a Mutex-guarded list.
final class Manifests: Sendable {
    private let list = Mutex<[PhotoManifest]>([])
    func add(_ manifest: PhotoManifest) { list.withLock { $0.append(manifest) } }
    var all: [PhotoManifest] { list.withLock { $0 } }
}

func fetchPhotoManifests(using api: any MarsRoverService) async throws -> [PhotoManifest] {
    let rovers = try await api.allRovers()
    let collected = Manifests()
    try await withThrowingDiscardingTaskGroup { group in
        for rover in rovers {
            group.addTask { collected.add(try await api.photoManifest(rover: rover)) }
        }
    }
    return collected.all
}
